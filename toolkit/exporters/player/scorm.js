// quizkit SCORM 1.2 adapter, the session: finds the LMS's API object, opens the session once for all the
// package's pages (the launch page, then one player page per locale), and closes it when the learner
// leaves the package. Without an LMS every function is a no-op and the pages work as the plain player.
// @ts-check
/* exported quizkitScorm */
var quizkitScorm = (function () {
  "use strict";

  // ADL's sample API finder (APIWrapper.js) climbs at most 7 parents before giving up.
  var MAX_PARENTS = 7;
  var STARTED = "quizkit-scorm-started";
  /** @type {ScormApi | null} */
  var api = null;
  var startedAt = Date.now();
  var movingWithin = false;
  /** @type {Array<() => void>} */
  var leaving = [];

  /**
   * @param {Window} win
   * @returns {ScormApi | null}
   */
  function apiOf(win) {
    try {
      return win.API || null;
    } catch (error) {
      return null; // a frame of another origin: no API of ours there
    }
  }

  /**
   * @param {Window} win
   * @returns {Window | null}
   */
  function parentOf(win) {
    try {
      return win.parent && win.parent !== win ? win.parent : null;
    } catch (error) {
      return null;
    }
  }

  /**
   * @param {Window | null} win
   * @returns {ScormApi | null}
   */
  function climb(win) {
    var tries = 0;
    while (win && !apiOf(win)) {
      tries += 1;
      if (tries > MAX_PARENTS) {
        return null;
      }
      win = parentOf(win);
    }
    return win ? apiOf(win) : null;
  }

  // window.parent up, then the chain of the window that opened this one (an LMS that launches in a popup).
  function find() {
    var found = climb(window);
    if (!found) {
      try {
        found = window.opener ? climb(window.opener) : null;
      } catch (error) {
        found = null;
      }
    }
    return found && typeof found.LMSInitialize === "function" ? found : null;
  }

  /**
   * @param {string} key
   * @param {string | null} value
   */
  function remember(key, value) {
    try {
      if (value === null) {
        window.sessionStorage.removeItem(key);
      } else {
        window.sessionStorage.setItem(key, value);
      }
    } catch (error) {
      // no storage (a sandboxed frame): the session time then counts this page only
    }
  }

  /** @param {string} key */
  function recalled(key) {
    try {
      return window.sessionStorage.getItem(key);
    } catch (error) {
      return null;
    }
  }

  // LMSInitialize(""); when it fails because another page of the package already opened the session
  // (SCORM 1.2 answers 101 then), the session is continued if the LMS still answers LMSGetValue.
  function open() {
    if (api) {
      return true;
    }
    var found = find();
    if (!found) {
      return false;
    }
    if (String(found.LMSInitialize("")) === "true") {
      remember(STARTED, String(startedAt));
    } else {
      found.LMSGetValue("cmi.core.lesson_status");
      if (String(found.LMSGetLastError()) !== "0") {
        return false;
      }
      var started = parseInt(recalled(STARTED) || "", 10);
      startedAt = isNaN(started) ? startedAt : started;
    }
    api = found;
    window.addEventListener("pagehide", leave);
    return true;
  }

  /** @param {string} name */
  function get(name) {
    return api ? String(api.LMSGetValue(name)) : "";
  }

  /**
   * @param {string} name
   * @param {string | number} value
   */
  function set(name, value) {
    return api ? String(api.LMSSetValue(name, String(value))) === "true" : false;
  }

  function commit() {
    return api ? String(api.LMSCommit("")) === "true" : false;
  }

  /**
   * @param {number} number
   * @param {number} width
   */
  function pad(number, width) {
    var text = String(number);
    while (text.length < width) {
      text = "0" + text;
    }
    return text;
  }

  // CMITimespan: HHHH:MM:SS.SS.
  /** @param {number} milliseconds */
  function timespan(milliseconds) {
    var hundredths = Math.max(0, Math.floor(milliseconds / 10));
    var seconds = Math.floor(hundredths / 100);
    return pad(Math.min(Math.floor(seconds / 3600), 9999), 4) + ":" + pad(Math.floor(seconds / 60) % 60, 2) +
      ":" + pad(seconds % 60, 2) + "." + pad(hundredths % 100, 2);
  }

  function sessionTime() {
    set("cmi.core.session_time", timespan(Date.now() - startedAt));
  }

  // The next page unload is a move to another page of the package (a language, the launch's choice):
  // the session stays open for it.
  function moveWithin() {
    movingWithin = true;
  }

  /** @param {() => void} callback */
  function onLeave(callback) {
    leaving.push(callback);
  }

  function leave() {
    if (!api) {
      return;
    }
    leaving.forEach(function (callback) { callback(); });
    sessionTime();
    commit();
    if (!movingWithin) {
      remember(STARTED, null);
      api.LMSFinish("");
      api = null;
    }
  }

  // The learner's language among the exported locales: the same tag, else the same language subtag
  // ("ur-PK" for "ur", "ur" for "ur-PK"), else the source locale.
  /**
   * @param {string} wanted
   * @param {string[]} locales
   * @param {string} source
   * @returns {string}
   */
  function matchLocale(wanted, locales, source) {
    /** @param {string} tag */
    var normal = function (tag) { return String(tag).trim().toLowerCase().replace(/_/g, "-"); };
    /** @param {string} tag */
    var language = function (tag) { return normal(tag).split("-")[0]; };
    var asked = normal(wanted || "");
    if (!asked) {
      return source;
    }
    var exact = locales.filter(function (tag) { return normal(tag) === asked; });
    if (exact.length) {
      return exact[0];
    }
    var near = locales.filter(function (tag) { return language(tag) === language(asked); });
    return near.length ? near[0] : source;
  }

  // The launch page: open the session, read cmi.student_preference.language, go to that page.
  function launch() {
    var data = JSON.parse(/** @type {HTMLElement} */ (document.getElementById("scorm-launch")).textContent);
    var hasLms = open();
    var chosen = matchLocale(hasLms ? get("cmi.student_preference.language") : "", data.locales, data.source);
    moveWithin();
    location.replace(chosen + ".html");
  }

  // A link to another locale's page keeps the session open.
  document.addEventListener("click", function (event) {
    // An element while nodeType is 1; the document or nothing ends the climb.
    var target = /** @type {Element | null} */ (event.target);
    while (target && target.nodeType === 1) {
      if (target.hasAttribute("data-locale-link")) {
        moveWithin();
        return;
      }
      target = /** @type {Element | null} */ (target.parentNode);
    }
  });

  return {
    open: open,
    get: get,
    set: set,
    commit: commit,
    onLeave: onLeave,
    sessionTime: sessionTime,
    timespan: timespan,
    matchLocale: matchLocale,
    launch: launch
  };
})();

// The launch page (the one with the launch data) goes on to the learner's language at once.
if (document.getElementById("scorm-launch")) {
  quizkitScorm.launch();
}
