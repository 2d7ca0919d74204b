// quizkit serve: reloads the page when a rebuild changed it, and shows what stops a build as an overlay.
// The player keeps its position (question, answers) in the URL hash, so a reload keeps the question.
// The translator view (data-editor) lists the problems itself and holds a translator's edits: it shows no
// overlay, and reloads when the build changed (pages or problems) only while no form holds an unsaved edit.
// @ts-check
(function () {
  "use strict";
  var script = document.currentScript;
  var version = script ? script.getAttribute("data-version") : null;
  var editor = script ? script.hasAttribute("data-editor") : false;
  /** @type {HTMLElement | null} */
  var overlay = null;

  function hideProblems() {
    if (overlay) {
      /** @type {Node} */ (overlay.parentNode).removeChild(overlay);
      overlay = null;
    }
  }

  /** @param {Array<{ location?: string, code: string, message: string }>} problems */
  function showProblems(problems) {
    hideProblems();
    overlay = document.createElement("section");
    overlay.id = "quizkit-overlay";
    overlay.setAttribute("role", "alert");
    overlay.setAttribute("dir", "ltr");
    overlay.setAttribute("lang", "en");
    var heading = document.createElement("h2");
    heading.textContent = problems.length === 1 ? "1 problem stops the build" : problems.length + " problems stop the build";
    overlay.appendChild(heading);
    var list = document.createElement("ul");
    problems.forEach(function (problem) {
      var item = document.createElement("li");
      item.className = "quizkit-problem";
      if (problem.location) {
        var where = document.createElement("code");
        where.className = "quizkit-location";
        where.textContent = problem.location;
        item.appendChild(where);
        item.appendChild(document.createTextNode(" "));
      }
      item.appendChild(document.createTextNode("error[" + problem.code + "]: " + problem.message));
      list.appendChild(item);
    });
    overlay.appendChild(list);
    var hint = document.createElement("p");
    hint.textContent = "Save a fix: the page updates by itself.";
    overlay.appendChild(hint);
    document.body.appendChild(overlay);
  }

  var events = new EventSource("/__quizkit/events");
  events.addEventListener("state", function (event) {
    var state = JSON.parse(event.data);
    if (editor) {
      // The view's own saves tell it the version and problems they built (editor.js), so that only a
      // change made elsewhere (a PO editor, the content) reloads it; never while it holds an edit: it
      // says so instead, and reloads at the next change once the edits are saved.
      if (!script || document.querySelector("[data-saving]")) {
        return;
      }
      var problems = JSON.stringify(state.problems);
      var seen = script.getAttribute("data-problems");
      if (seen === null) {
        script.setAttribute("data-problems", problems);
        seen = problems;
      }
      if (String(state.version) === script.getAttribute("data-version") && seen === problems) {
        return;
      }
      if (document.querySelector("[data-unsaved]")) {
        var notice = document.getElementById("quizkit-stale");
        if (notice) {
          notice.textContent =
            "The project changed since this page was read (saved in a PO editor?). Your edits are kept here: " +
            "save them, then reload the page to see the change.";
          notice.hidden = false;
        }
        return;
      }
      location.reload();
      return;
    }
    if (state.problems.length) {
      showProblems(state.problems);
      return;
    }
    hideProblems();
    if (String(state.version) !== version) {
      location.reload();
    }
  });
})();
