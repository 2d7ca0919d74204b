// quizkit SCORM 1.2 adapter, the player page: saves the attempt to cmi.suspend_data after every answer,
// resumes it on relaunch (cmi.core.entry "resume"), and on finishing records the score, the status and one
// cmi.interactions.n per question. It follows the player through window.quizkitPlayer and its events.
// The same file serves every package: the package's own settings (its mastery score) are the page's
// data, in script#scorm-settings.
// @ts-check
(function () {
  "use strict";

  var LIMIT = 4096; // cmi.suspend_data is a CMIString4096
  var TEXT_LIMIT = 255; // student_response and pattern are CMIString255 in SCORM 1.2
  var REPORTED = "&reported"; // after the saved attempt: its result is in the LMS already
  // choice, matching and sequencing name their choices with single characters, 0-9 and a-z.
  var LETTERS = "abcdefghijklmnopqrstuvwxyz0123456789";
  // Undefined without the player (the launch page): the check below returns then.
  var player = /** @type {QuizkitPlayer} */ (window.quizkitPlayer);
  if (!player || !player.graded || !quizkitScorm.open()) {
    return;
  }
  var settings = JSON.parse(/** @type {HTMLElement} */ (document.getElementById("scorm-settings")).textContent);
  var data = JSON.parse(/** @type {HTMLElement} */ (document.getElementById("quiz-data")).textContent);
  var grader = quizkitGrading.create(data.grading);
  var questions = player.questions;
  var state = player.state;
  var reported = false;

  // --- The attempt in cmi.suspend_data ------------------------------------------------------------

  // The player's saved hash, within the limit: while it is too long, the longest answer is dropped (the
  // later of two as long), so the position and the points always survive and a resumed attempt shows
  // a dropped answer as not answered.
  /**
   * @param {string} saved
   * @param {number} room
   */
  function fit(saved, room) {
    var match = /^(q=\d+&score=[\d/]+)(?:&answers=(.*))?$/.exec(saved);
    if (!match || saved.length <= room) {
      return saved.length <= room ? saved : "";
    }
    var tokens = match[2].split(".");
    var text = saved;
    while (text.length > room) {
      var longest = 0;
      for (var i = 1; i < tokens.length; i++) {
        if (tokens[i].length >= tokens[longest].length) {
          longest = i;
        }
      }
      tokens[longest] = "";
      var kept = tokens.some(function (token) { return token !== ""; });
      text = match[1] + (kept ? "&answers=" + tokens.join(".") : "");
    }
    return text;
  }

  // Letters beyond ASCII as themselves rather than percent-encoded (six characters for an Urdu
  // letter): the player's decoding reads both.
  /** @param {string} saved */
  function compact(saved) {
    return saved.replace(/(?:%[C-F][0-9A-F](?:%[89AB][0-9A-F])+)+/g, function (escaped) {
      try {
        return decodeURIComponent(escaped);
      } catch (error) {
        return escaped;
      }
    });
  }

  // What cmi.suspend_data holds for the attempt as it stands (without the "reported" mark).
  function current() {
    return fit(compact(player.saved()), LIMIT - REPORTED.length);
  }

  function save() {
    var saved = current();
    quizkitScorm.set("cmi.suspend_data", reported ? saved + REPORTED : saved);
    quizkitScorm.set("cmi.core.lesson_location", saved.split("&")[0]);
    quizkitScorm.commit();
  }

  // --- The result -------------------------------------------------------------------------------

  /** @param {number} position */
  function letter(position) {
    return position >= 0 && position < LETTERS.length ? LETTERS.charAt(position) : null;
  }

  /**
   * @param {string[]} known
   * @param {string[]} ids
   */
  function letters(known, ids) {
    var named = ids.map(function (id) { return letter(known.indexOf(id)); });
    return named.indexOf(null) >= 0 ? null : named.join(",");
  }

  /** @param {string} typed */
  function plainDecimal(typed) {
    var number = grader.parseNumber(typed);
    if (!number) {
      return null;
    }
    var digits = number.coefficient.toString();
    var exponent = Number(number.exponent);
    if (exponent >= 0) {
      digits += new Array(exponent + 1).join("0");
    } else {
      while (digits.length <= -exponent) {
        digits = "0" + digits;
      }
      digits = digits.slice(0, exponent) + "." + digits.slice(exponent);
    }
    var text = (number.negative && /[1-9]/.test(digits) ? "-" : "") + digits;
    return text.length <= TEXT_LIMIT ? text : null;
  }

  /** @param {string} text */
  function clip(text) {
    var characters = Array.from(text);
    return characters.length > TEXT_LIMIT ? characters.slice(0, TEXT_LIMIT).join("") : text;
  }

  /** @param {string} text */
  function fits(text) {
    return Array.from(text).length <= TEXT_LIMIT;
  }

  // The SCORM 1.2 terms a kind's entry (kinds.js) describes its interaction in.
  /** @type {ScormTools} */
  var terms = { letter: letter, letters: letters, clip: clip, fits: fits, plainDecimal: plainDecimal };

  // The interaction type, its correct patterns and the learner's response in its format, as the
  // question's kind describes them.
  /**
   * @param {QuestionView} question
   * @param {LearnerResponse | undefined} response
   * @returns {{ type: string, patterns: Array<string | null>, response: string | null }}
   */
  function describe(question, response) {
    var interaction = player.kindOf(question).interaction(question, terms);
    var given = response !== null && response !== undefined;
    return {
      type: interaction.type,
      patterns: interaction.patterns,
      response: given ? interaction.response(response) : null
    };
  }

  /**
   * @param {number} numerator
   * @param {number} denominator
   * @param {number} places
   */
  function decimalOf(numerator, denominator, places) {
    // numerator / denominator rounded half up to ``places`` decimals, trailing zeros dropped.
    var scale = Math.pow(10, places);
    var units = Math.floor((2 * numerator * scale + denominator) / (2 * denominator));
    var whole = Math.floor(units / scale);
    var fraction = String(units % scale);
    while (fraction.length < places) {
      fraction = "0" + fraction;
    }
    fraction = fraction.replace(/0+$/, "");
    return String(whole) + (fraction ? "." + fraction : "");
  }

  /**
   * @param {QuestionView} question
   * @param {Fraction | null} grade  null for a kind that is not graded
   */
  function resultOf(question, grade) {
    if (!player.kindOf(question).graded) {
      return "neutral";
    }
    var points = /** @type {Fraction} */ (grade);
    if (points[0] === points[1]) {
      return "correct";
    }
    return points[0] === 0 ? "wrong" : decimalOf(points[0], points[1], 4);
  }

  function record() {
    var count = parseInt(quizkitScorm.get("cmi.interactions._count"), 10);
    var n = isNaN(count) ? 0 : count;
    questions.forEach(function (question, index) {
      var response = state.answers[index];
      response = response === undefined ? null : response;
      var described = describe(question, response);
      var prefix = "cmi.interactions." + n + ".";
      quizkitScorm.set(prefix + "id", question.id);
      quizkitScorm.set(prefix + "type", described.type);
      quizkitScorm.set(prefix + "weighting", player.kindOf(question).graded ? "1" : "0");
      described.patterns.filter(function (pattern) { return pattern !== null; }).forEach(function (pattern, at) {
        quizkitScorm.set(prefix + "correct_responses." + at + ".pattern", pattern);
      });
      if (described.response !== null) {
        quizkitScorm.set(prefix + "student_response", described.response);
      }
      if (response !== null) {
        quizkitScorm.set(prefix + "result", resultOf(question, player.grade(index, response)));
      }
      n += 1;
    });
  }

  // The score is a percentage: the points of the questions that are graded (every kind but essay, kinds.js) over
  // their number, to two decimals. Without any such question there is no score, and "completed".
  function finish() {
    if (reported) {
      return;
    }
    var gradable = questions.filter(function (question) { return player.kindOf(question).graded; }).length;
    var mastery = parseFloat(quizkitScorm.get("cmi.student_data.mastery_score"));
    mastery = isNaN(mastery) ? parseFloat(settings.masteryScore) : mastery;
    record();
    if (gradable) {
      var raw = decimalOf(state.score[0] * 100, state.score[1] * gradable, 2);
      quizkitScorm.set("cmi.core.score.min", "0");
      quizkitScorm.set("cmi.core.score.max", "100");
      quizkitScorm.set("cmi.core.score.raw", raw);
      quizkitScorm.set("cmi.core.lesson_status", parseFloat(raw) >= mastery ? "passed" : "failed");
    } else {
      quizkitScorm.set("cmi.core.lesson_status", "completed");
    }
    quizkitScorm.sessionTime();
    reported = true;
    save();
  }

  function answered() {
    reported = false;
    var status = quizkitScorm.get("cmi.core.lesson_status");
    if (status === "" || status === "not attempted") {
      quizkitScorm.set("cmi.core.lesson_status", "incomplete");
    }
    save();
  }

  // The URL's hash is the newest state (a reload, another locale's page); else a suspended attempt.
  var saved = quizkitScorm.get("cmi.suspend_data");
  var wasReported = saved.slice(-REPORTED.length) === REPORTED;
  var attempt = wasReported ? saved.slice(0, -REPORTED.length) : saved;
  if (!/^#q=/.test(player.openedWith) && quizkitScorm.get("cmi.core.entry") === "resume" && attempt) {
    player.resume(attempt);
  }
  reported = wasReported && current() === attempt;
  document.addEventListener("quizkit:answer", answered);
  document.addEventListener("quizkit:finish", finish);
  quizkitScorm.onLeave(function () {
    // Unfinished: "suspend", so that the LMS relaunches with cmi.core.entry "resume".
    quizkitScorm.set("cmi.core.exit", state.index >= questions.length ? "" : "suspend");
  });
  if (state.index >= questions.length) {
    finish();
  }
})();
