// @ts-check
// quizkit screenshots: run in a marked player page (toolkit/screenshots/capture.py) to find each text's
// element by its data-quizkit-key, outline it, and answer questions through the player's own controls.
// Nothing here reads text: a string's box comes from its key alone.
(function () {
  "use strict";

  var ATTRIBUTE = "data-quizkit-key";
  // A message read by screen readers only (an aria-label, a live announcement) has no box: the element
  // it is said of carries its key in this attribute instead, and that element is outlined.
  var SPOKEN = "data-quizkit-spoken";
  var MARKED = "[" + ATTRIBUTE + "], [" + SPOKEN + "]";
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
    if (element.closest(".visually-hidden")) {
      return false; // a 1-pixel box for screen readers: its key is found on what it is said of
    }
    var rectangle = element.getBoundingClientRect();
    return rectangle.width > 0 && rectangle.height > 0 && getComputedStyle(element).visibility !== "hidden";
  }

  // The keys an element is marked with: the text it shows, and a message said of it.
  /**
   * @param {Element} element
   * @returns {string[]}
   */
  function keysOf(element) {
    /** @type {string[]} */
    var found = [];
    [ATTRIBUTE, SPOKEN].forEach(function (attribute) {
      var key = element.getAttribute(attribute);
      if (key) {
        found.push(key);
      }
    });
    return found;
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
    /** @type {string[]} */
    var found = [];
    /** @type {Record<string, boolean>} */
    var seen = {};
    var marked = document.querySelectorAll(MARKED);
    for (var i = 0; i < marked.length; i++) {
      if (!shown(marked[i])) {
        continue;
      }
      keysOf(marked[i]).forEach(function (key) {
        if (!seen[key]) {
          seen[key] = true;
          found.push(key);
        }
      });
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
  // the header, the language switch, or the index's entry of a quiz (its titles and start cards); on
  // the results page, the rows around a line of its own (the score with the review's heading and first
  // question, the restart button with the last question reviewed).
  /** @param {Element} element */
  function context(element) {
    var result = element.closest(".results > *");
    if (result && !element.closest(".review-item")) {
      var around = [result];
      var before = result.previousElementSibling;
      var after = result.nextElementSibling;
      if (before) {
        around.push(before.tagName === "OL" && before.lastElementChild ? before.lastElementChild : before);
      }
      if (after && after.tagName !== "OL") {
        // The score: the review's heading below it, and the first question reviewed under that.
        around.push(after);
        after = after.nextElementSibling;
      }
      if (after && after.tagName === "OL" && after.firstElementChild) {
        around.push(after.firstElementChild);
      }
      return around;
    }
    var feedback = element.closest(".feedback");
    if (feedback) {
      var form = document.querySelector("form.question");
      return form ? [form, feedback] : [feedback];
    }
    var listing = element.closest("main.index > h1");
    if (listing) {
      // The index's heading, and the first quiz it lists.
      return listing.nextElementSibling ? [listing, listing.nextElementSibling] : [listing];
    }
    var owner = element.closest("form.question, .review-item, .results > *, .quiz-entry, header, nav");
    if (owner && owner.closest("form.question")) {
      var answered = document.querySelector(".feedback");
      var question = /** @type {Element} */ (owner.closest("form.question"));
      return answered && answered.childNodes.length ? [question, answered] : [question];
    }
    return [owner || element];
  }

  // A matching question's answer is an option of every row's drop-down: the one to open is the row of
  // the item it matches (``…pairs.<id>.match`` beside ``…pairs.<id>.prompt``), so that the translator
  // reads the pair together; a distractor, which matches nothing, stays in the first row.
  /**
   * @param {Element} option
   * @param {string} key
   * @returns {Element}
   */
  function ownRow(option, key) {
    var suffix = ".match";
    if (key.slice(-suffix.length) !== suffix) {
      return option;
    }
    var prompt = document.querySelector("[" + ATTRIBUTE + "='" + key.slice(0, -suffix.length) + ".prompt']");
    var row = prompt && prompt.closest(".match-row");
    var own = row && row.querySelector("option[" + ATTRIBUTE + "='" + key + "']");
    return own || option;
  }

  // Outline the first element of ``key`` and return the clip to capture, in page pixels.
  /** @param {string} key */
  function frame(key) {
    settle();
    var marked = document.querySelectorAll(MARKED);
    /** @type {Element | null} */
    var element = null;
    /** @type {Element | null} */
    var selected = null;
    for (var i = 0; i < marked.length; i++) {
      if (keysOf(marked[i]).indexOf(key) < 0 || !shown(marked[i])) {
        continue;
      }
      element = element || marked[i];
      var list = marked[i].parentElement;
      if (!selected && marked[i].tagName === "OPTION" && /** @type {HTMLOptionElement} */ (marked[i]).selected &&
          list && list.tagName === "SELECT" && /** @type {HTMLSelectElement} */ (list).size <= 1) {
        selected = list;
      }
    }
    if (!element) {
      return null;
    }
    // A button's label: the button is what the learner sees and presses, so the
    // outline goes round all of it. Round the label alone it would sit inside the filled button,
    // multiplied into the button's colour and crossing its text.
    var control = element.tagName === "OPTION" ? null : element.closest("button");
    if (control && control !== element && shown(control)) {
      element = control;
    }
    if (selected) {
      // An option chosen in a drop-down shows in it, closed: the drop-down is outlined where it is.
      element = selected;
    } else if (element.tagName === "OPTION") {
      element = ownRow(element, key);
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
    var edges = wholeLines(top, bottom, x, x + width);
    top = edges.top;
    bottom = edges.bottom;
    return {
      x: x,
      y: Math.floor(top),
      width: width,
      height: Math.ceil(bottom) - Math.floor(top),
      scale: 1
    };
  }

  // The crop's top and bottom moved out to the edges of the lines of text they would cut through
  // (those of the lines in the crop's columns ``left`` to ``right``): a line sliced in half looks broken
  // to a translator, a Nastaliq line above all. Laid out text has fixed line boxes, so the edges are the
  // same from one run to the next.
  /**
   * @param {number} top
   * @param {number} bottom
   * @param {number} left
   * @param {number} right
   */
  function wholeLines(top, bottom, left, right) {
    var walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    var range = document.createRange();
    var newTop = top;
    var newBottom = bottom;
    for (var node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!/\S/.test(node.nodeValue || "")) {
        continue;
      }
      range.selectNodeContents(node);
      var lines = range.getClientRects();
      for (var i = 0; i < lines.length; i++) {
        var line = lines[i];
        var lineTop = line.top + window.scrollY;
        var lineBottom = line.bottom + window.scrollY;
        if (line.width <= 0 || line.right + window.scrollX <= left || line.left + window.scrollX >= right) {
          continue;
        }
        if (lineTop < top && lineBottom > top) {
          newTop = Math.min(newTop, lineTop);
        }
        if (lineTop < bottom && lineBottom > bottom) {
          newBottom = Math.max(newBottom, lineBottom);
        }
      }
    }
    return {
      top: Math.max(0, newTop),
      bottom: Math.min(document.documentElement.scrollHeight, newBottom)
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

  // A keyboard move of an ordering question's first item that can move down (its "Move down" button, as
  // Enter or Space presses it): the announcement of where it went is said of that item.
  function move() {
    var buttons = document.querySelectorAll("form.question button.move-down");
    for (var i = 0; i < buttons.length; i++) {
      var button = /** @type {HTMLButtonElement} */ (buttons[i]);
      if (!button.disabled) {
        button.click();
        return true;
      }
    }
    return false;
  }

  window.quizkitScreenshots = {
    keys: keys, frame: frame, unframe: unframe, choices: choices, answer: answer, next: next, move: move
  };
})();
