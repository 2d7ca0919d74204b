// @ts-check
// quizkit screenshots: run in a marked player page (toolkit/screenshots/capture.py) to find each text's
// element by its data-quizkit-key, outline it, and answer questions through the player's own controls.
// Nothing here reads text: a string's box comes from its key alone.
(function () {
  "use strict";

  var ATTRIBUTE = "data-quizkit-key";
  var OUTLINE_ID = "quizkit-screenshot-outline";
  var MARGIN = 24;
  var MAX_HEIGHT = 900;
  /** @type {Array<function(): void>} */
  var undo = [];

  // The outline, 4 px outside the element's box, crosses neighbouring glyphs (a comma after an inline
  // answer, the top stroke of a Nastaliq letter): multiplied with what lies under it, a glyph stays dark
  // through it, and on the white card it is exactly its colour.
  // Frozen pixels: no animation, no transition, no caret, no focus ring that depends on timing.
  var style = document.createElement("style");
  style.textContent =
    "*, *::before, *::after { animation: none !important; transition: none !important; " +
    "caret-color: transparent !important; scroll-behavior: auto !important; }\n" +
    "#" + OUTLINE_ID + " { position: absolute; box-sizing: border-box; pointer-events: none; " +
    "border: 3px solid #d4006a; border-radius: 3px; z-index: 2147483647; mix-blend-mode: multiply; }";
  document.head.appendChild(style);

  /**
   * @param {Element} element
   * @returns {boolean}
   */
  function shown(element) {
    if (element.tagName === "OPTION") {
      return Boolean(element.parentElement && shown(element.parentElement));
    }
    var rectangle = element.getBoundingClientRect();
    return rectangle.width > 0 && rectangle.height > 0 && getComputedStyle(element).visibility !== "hidden";
  }

  function settle() {
    if (document.activeElement && document.activeElement !== document.body) {
      /** @type {HTMLElement} */ (document.activeElement).blur();
    }
    window.scrollTo(0, 0);
  }

  // The keys shown now, each once, in document order.
  function keys() {
    settle();
    var found = [];
    /** @type {Record<string, boolean>} */
    var seen = {};
    var marked = document.querySelectorAll("[" + ATTRIBUTE + "]");
    for (var i = 0; i < marked.length; i++) {
      var key = marked[i].getAttribute(ATTRIBUTE);
      if (key && !seen[key] && shown(marked[i])) {
        seen[key] = true;
        found.push(key);
      }
    }
    return found;
  }

  /** @param {Element} element */
  function box(element) {
    var rectangle = element.getBoundingClientRect();
    return {
      left: rectangle.left + window.scrollX,
      top: rectangle.top + window.scrollY,
      right: rectangle.right + window.scrollX,
      bottom: rectangle.bottom + window.scrollY
    };
  }

  // What a reader needs around a string: its question (with the feedback below it), the review item,
  // the header, or the language switch.
  /** @param {Element} element */
  function context(element) {
    var feedback = element.closest(".feedback");
    if (feedback) {
      var form = document.querySelector("form.question");
      return form ? [form, feedback] : [feedback];
    }
    var owner = element.closest("form.question, .review-item, .results > *, header, nav");
    if (owner && owner.closest("form.question")) {
      var answered = document.querySelector(".feedback");
      var question = /** @type {Element} */ (owner.closest("form.question"));
      return answered && answered.childNodes.length ? [question, answered] : [question];
    }
    return [owner || element];
  }

  // Outline the first element of ``key`` and return the clip to capture, in page pixels.
  /** @param {string} key */
  function frame(key) {
    settle();
    var marked = document.querySelectorAll("[" + ATTRIBUTE + "]");
    var element = null;
    for (var i = 0; i < marked.length && !element; i++) {
      if (marked[i].getAttribute(ATTRIBUTE) === key && shown(marked[i])) {
        element = marked[i];
      }
    }
    if (!element) {
      return null;
    }
    if (element.tagName === "OPTION") {
      // A closed drop-down shows one option: open it as a list box, every option in its own box.
      var select = /** @type {HTMLSelectElement} */ (element.parentElement);
      var size = select.getAttribute("size");
      select.setAttribute("size", String(select.options.length));
      undo.push(function () {
        if (size === null) {
          select.removeAttribute("size");
        } else {
          select.setAttribute("size", size);
        }
      });
    }
    var target = box(element);
    var outline = document.createElement("div");
    outline.id = OUTLINE_ID;
    // Whole pixels: an edge on a fraction of a pixel is blended differently from one run to the next.
    var left = Math.floor(target.left) - 4;
    var top = Math.floor(target.top) - 4;
    outline.style.left = left + "px";
    outline.style.top = top + "px";
    outline.style.width = Math.ceil(target.right) + 4 - left + "px";
    outline.style.height = Math.ceil(target.bottom) + 4 - top + "px";
    document.body.appendChild(outline);
    undo.push(function () { outline.remove(); });
    top = target.top;
    var bottom = target.bottom;
    context(element).forEach(function (around) {
      var area = box(around);
      top = Math.min(top, area.top);
      bottom = Math.max(bottom, area.bottom);
    });
    top = Math.max(0, top - MARGIN);
    bottom = Math.min(document.documentElement.scrollHeight, bottom + MARGIN);
    if (bottom - top > MAX_HEIGHT) {
      // Too tall to read at once: a window on the string, as much of its context as fits.
      var middle = (target.top + target.bottom) / 2;
      top = Math.max(0, Math.min(middle - MAX_HEIGHT / 2, target.top - MARGIN));
      bottom = top + MAX_HEIGHT;
    }
    // The page's column at desktop width: the empty sides of the viewport say nothing.
    var width = document.documentElement.clientWidth;
    var column = document.querySelector("main");
    var x = 0;
    if (column) {
      var sides = box(column);
      x = Math.max(0, Math.floor(sides.left) - MARGIN);
      width = Math.min(width, Math.ceil(sides.right) + MARGIN) - x;
    }
    return {
      x: x,
      y: Math.floor(top),
      width: width,
      height: Math.ceil(bottom) - Math.floor(top),
      scale: 1
    };
  }

  function unframe() {
    while (undo.length) {
      /** @type {function(): void} */ (undo.pop())();
    }
  }

  /** @param {Element} field */
  function changed(field) {
    field.dispatchEvent(new Event("input", { bubbles: true }));
    field.dispatchEvent(new Event("change", { bubbles: true }));
  }

  // The choices of the question on screen (radio buttons and check boxes), how many.
  function choices() {
    return document.querySelectorAll("form.question input[type=radio], form.question input[type=checkbox]").length;
  }

  // Any answer, through the controls a learner uses: the ``choice``-th option of a choice question;
  // typed text, a number, the first option of each drop-down otherwise. Then "Check".
  /** @param {number} choice */
  function answer(choice) {
    var form = document.querySelector("form.question");
    if (!form) {
      return false;
    }
    var options = form.querySelectorAll("input[type=radio], input[type=checkbox]");
    if (options.length) {
      /** @type {HTMLInputElement} */ (options[Math.min(choice, options.length - 1)]).click();
    }
    var typed = form.querySelectorAll("input[type=text], input:not([type]), textarea");
    for (var i = 0; i < typed.length; i++) {
      var field = /** @type {HTMLInputElement} */ (typed[i]);
      field.value = field.getAttribute("inputmode") === "decimal" || field.closest("[data-type=numeric]") ? "1" : "x";
      changed(field);
    }
    var selects = form.querySelectorAll("select");
    for (var j = 0; j < selects.length; j++) {
      var select = /** @type {HTMLSelectElement} */ (selects[j]);
      select.selectedIndex = Math.min(1, select.options.length - 1);
      changed(select);
    }
    var check = /** @type {HTMLButtonElement | null} */ (form.querySelector("button.check"));
    if (!check || check.disabled || check.hidden) {
      return false;
    }
    check.click();
    return true;
  }

  // "Next" (or "See results") after an answer was checked.
  function next() {
    var button = /** @type {HTMLButtonElement | null} */ (document.querySelector("form.question button.next"));
    if (!button || button.hidden) {
      return false;
    }
    button.click();
    return true;
  }

  window.quizkitScreenshots = { keys: keys, frame: frame, unframe: unframe, choices: choices, answer: answer, next: next };
})();
