// quizkit player: renders the quiz embedded in the page (script#quiz-data) with DOM APIs only.
// Texts arrive pre-segmented ([kind, text]: "text", "latin", "code", "code-block"); Latin runs become
// <span dir="ltr" lang>, so right-to-left text needs no bidi control characters and no markup parsing.
// A formula arrives as ["math" or "display-math", MathML made at build time, TeX]: the only markup the
// player parses, as XML in the MathML namespace (where no element runs script), inside a left-to-right
// isolate; Chromium renders MathML Core natively, so no math JavaScript runs.
// Grading is grading.js (a port of the library's reference grader), fed with the page's tables. Whatever
// depends on a question's kind is that kind's entry in kinds.js, looked up by the question's type.
// @ts-check
(function () {
  "use strict";

  var FSI = "\u2068";
  var PDI = "\u2069";
  // The page the exporter wrote has every element this script looks up by id (toolkit/exporters/player/html.py).
  /** @type {PageData} */
  var data = JSON.parse(/** @type {HTMLElement} */ (document.getElementById("quiz-data")).textContent);
  var bundle = data.bundle;
  var view = data.view;
  var locale = bundle.locale;
  var questions = view.questions;
  var total = questions.length;
  // The delivery variant carries no answer key: the player records answers and grades nothing.
  var graded = bundle.answers !== false && Boolean(data.grading);
  var grader = graded ? quizkitGrading.create(/** @type {GradingTables} */ (data.grading)) : null;
  var plural = new Intl.PluralRules(locale);
  var numberingSystem = "-u-nu-" + bundle.numberingSystem;
  var numbers = new Intl.NumberFormat(locale + numberingSystem, { maximumFractionDigits: 2 });
  var exact = new Intl.NumberFormat(locale + numberingSystem, { maximumFractionDigits: 20, useGrouping: false });
  var root = /** @type {HTMLElement} */ (document.getElementById("quiz"));
  // The score is said by a live region that is on the page before the score is: a region inserted
  // together with its text is not announced by every screen reader, and the results replace the question.
  var announcer = el("div", { "class": "announcer visually-hidden", role: "status", "aria-live": "polite" });
  /** @type {HTMLElement} */ (root.parentNode).insertBefore(announcer, root.nextSibling);
  /** @type {PlayerState} */
  var state = { index: 0, score: [0, 1], checked: false, answers: [], grades: [] };
  var unique = 0;
  var kindOf = quizkitKinds({
    el: el,
    fill: fill,
    markKey: markKey,
    markMessage: markMessage,
    markSpoken: markSpoken,
    plainText: plainText,
    message: message,
    messageBlock: messageBlock,
    messageText: messageText,
    inQuestion: inQuestion,
    clear: clear,
    newId: newId,
    spoken: spoken,
    exact: exact,
    image: image
  });

  /**
   * @template {Tag} K
   * @param {K} tag
   * @param {Attributes} attributes
   * @param {Array<string | Node>} [children]
   * @returns {HTMLElementTagNameMap[K]}
   */
  function el(tag, attributes, children) {
    var node = document.createElement(tag);
    var names = Object.keys(attributes || {});
    for (var i = 0; i < names.length; i++) {
      node.setAttribute(names[i], attributes[names[i]]);
    }
    (children || []).forEach(function (child) {
      node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
    });
    return node;
  }

  // The one place the page's translation keys reach the DOM. The view of a page made for screenshots
  // (`quizkit screenshots`) leads each text with ["key", <catalog key>]; the element that shows the text
  // carries it as data-quizkit-key. Exported pages have no such segment: nothing is marked.
  /**
   * @template {Element} T
   * @param {T} node
   * @param {Segments} segments
   * @returns {T}
   */
  function markKey(node, segments) {
    if (segments.length && segments[0][0] === "key") {
      node.setAttribute("data-quizkit-key", segments[0][1]);
    }
    // A text shown in the source language in a question otherwise in the page's (the screenshots'
    // per-text fallback) leads with ["lang", tag, dir] after its key: its element takes that language
    // and direction, so an English sentence keeps its full stop at its end on a right-to-left page.
    var language = segments.slice(0, 2).filter(function (segment) { return segment[0] === "lang"; })[0];
    if (language) {
      node.setAttribute("lang", language[1]);
      node.setAttribute("dir", /** @type {string} */ (language[2]));
    }
    return node;
  }

  // An element that shows an interface message as plain text (a drop-down's placeholder option).
  /**
   * @template {Element} T
   * @param {T} node
   * @param {string} name
   * @returns {T}
   */
  function markMessage(node, name) {
    var entry = view.messages[name];
    return entry && entry.text ? markKey(node, entry.text) : node;
  }

  // An element a message names for screen readers only (an aria-label, a live announcement about it): on
  // a page made for screenshots it carries the message's key as data-quizkit-spoken, so that the
  // message's screenshot outlines what it is said of; it has no box of its own to outline.
  /**
   * @template {Element} T
   * @param {T} node
   * @param {string} name
   * @returns {T}
   */
  function markSpoken(node, name) {
    var entry = view.messages[name];
    var segments = entry && entry.text;
    if (segments && segments.length && segments[0][0] === "key") {
      node.setAttribute("data-quizkit-spoken", segments[0][1]);
    }
    return node;
  }

  // Segments into a node: plain text as text nodes, Latin runs and code isolated left to right.
  /**
   * @template {Node} T
   * @param {T} node
   * @param {Segments} segments
   * @param {MessageValues} [values]
   * @returns {T}
   */
  function fill(node, segments, values) {
    if (node instanceof Element) {
      markKey(node, segments);
    }
    segments.forEach(function (segment) {
      var kind = segment[0];
      var text = segment[1];
      if (kind === "key" || kind === "lang") {
        return;
      } else if (kind === "ph") {
        var value = values ? values[text] : undefined;
        node.appendChild(
          document.createTextNode(typeof value === "number" ? numbers.format(value) : String(value))
        );
      } else if (kind === "latin") {
        node.appendChild(el("span", { dir: "ltr", lang: view.latinLang }, [text]));
      } else if (kind === "code") {
        node.appendChild(el("code", { dir: "ltr" }, [text]));
      } else if (kind === "code-block") {
        node.appendChild(el("pre", { dir: "ltr" }, [el("code", {}, [text])]));
      } else if (kind === "math" || kind === "display-math") {
        node.appendChild(el("span", { dir: "ltr", class: "formula" }, [mathNode(text)]));
      } else {
        node.appendChild(document.createTextNode(text));
      }
    });
    return node;
  }

  /**
   * A formula's MathML (well-formed XML quizkit wrote) as a node of this document.
   * @param {string} mathml
   * @returns {Node}
   */
  function mathNode(mathml) {
    var parsed = new DOMParser().parseFromString(mathml, "application/xml");
    return document.importNode(parsed.documentElement, true);
  }

  // Segments as plain text for places that take no markup (<option>): Latin runs in right-to-left
  // text isolated with FSI/PDI instead of a span; a formula as the plain text made at build time
  // ("2(N − 1)/N"), not its TeX, which a reader cannot read.
  /** @param {Segments} segments */
  function plainText(segments) {
    return segments.map(function (segment) {
      if (segment[0] === "key" || segment[0] === "lang") {
        return "";
      }
      if (segment[0] === "math" || segment[0] === "display-math") {
        return FSI + segment[2] + PDI;
      }
      var isolated = segment[0] === "latin" || segment[0] === "code" || segment[0] === "code-block";
      return isolated ? FSI + segment[1] + PDI : segment[1];
    }).join("");
  }

  // The language an interface message is written in: the page's, or the source's where it fell back.
  // Interface text inside a question that fell back to the source keeps its own lang and dir.
  /**
   * @param {string} name
   * @returns {Languages}
   */
  function spoken(name) {
    var entry = view.messages[name];
    return entry ? { lang: entry.lang, dir: entry.dir } : { lang: locale, dir: bundle.dir };
  }

  // An interface message (content/ui.yaml), plural forms chosen with Intl.PluralRules.
  /**
   * @param {string} name
   * @param {MessageValues} [values]
   */
  function message(name, values) {
    var entry = view.messages[name];
    var language = spoken(name);
    var node = el("span", { lang: language.lang, dir: language.dir });
    if (!entry) {
      return node;
    }
    var segments = entry.text;
    if (!segments) {
      // A message with plural forms is given its count (content/ui.yaml's checks see to it).
      var count = /** @type {MessageValues} */ (values)[/** @type {string} */ (entry.plural)];
      var category = plural.select(/** @type {number} */ (count));
      var forms = /** @type {Record<string, Segments>} */ (entry.forms);
      segments = forms[category] || forms.other;
    }
    return fill(node, segments, values);
  }

  // A block element holding one interface message, in that message's language and direction.
  /**
   * @template {Tag} K
   * @param {string} name
   * @param {K} tag
   * @param {Attributes} attributes
   * @param {MessageValues} [values]
   * @returns {HTMLElementTagNameMap[K]}
   */
  function messageBlock(name, tag, attributes, values) {
    var language = spoken(name);
    var node = el(tag, attributes);
    node.setAttribute("lang", language.lang);
    node.setAttribute("dir", language.dir);
    var inline = message(name, values);
    var key = inline.getAttribute("data-quizkit-key");
    if (key) {
      node.setAttribute("data-quizkit-key", key);
    }
    while (inline.firstChild) {
      node.appendChild(inline.firstChild);
    }
    return node;
  }

  /**
   * @param {string} name
   * @param {MessageValues} [values]
   */
  function messageText(name, values) {
    return message(name, values || {}).textContent;
  }

  /**
   * @template {Tag} K
   * @param {K} tag
   * @param {Languages} texts
   * @param {Attributes} [attributes]
   * @param {Segments} [segments]
   * @returns {HTMLElementTagNameMap[K]}
   */
  function inQuestion(tag, texts, attributes, segments) {
    var node = el(tag, attributes || {});
    node.setAttribute("dir", texts.dir);
    node.setAttribute("lang", texts.lang);
    return segments ? fill(node, segments) : node;
  }

  // An image of the quiz (its copy beside the page): alt as plain text (an attribute holds no markup),
  // marked with its alt text's key; a decorative one has an empty alt and no role, so screen readers skip
  // it. Its size is given where the file says it, so the page does not move as it loads; the stylesheet
  // scales it down to the card.
  /**
   * @param {ImageView} shown
   * @param {string} className
   * @returns {HTMLImageElement}
   */
  function image(shown, className) {
    /** @type {Attributes} */
    var attributes = { src: shown.src, alt: shown.alt ? plainText(shown.alt) : "", loading: "lazy", "class": "quiz-image " + className };
    if (shown.width && shown.height) {
      attributes.width = String(shown.width);
      attributes.height = String(shown.height);
    }
    if (shown.decorative) {
      attributes.role = "presentation";
    }
    var node = el("img", attributes);
    return shown.alt ? markKey(node, shown.alt) : node;
  }

  /** @param {Node} node */
  function clear(node) {
    while (node.firstChild) {
      node.removeChild(node.firstChild);
    }
  }

  /** @param {string} prefix */
  function newId(prefix) {
    unique += 1;
    return prefix + "-" + unique;
  }

  // --- Responses in the URL hash ------------------------------------------------------------------
  // "#q=3&score=1&answers=full-replica.none+all": the position, the points of the questions before it,
  // and each question's answer ("." between questions), as its kind writes it (kinds.js).

  /**
   * @param {QuestionView} question
   * @param {LearnerResponse | undefined} response
   * @returns {string}
   */
  function encode(question, response) {
    return response === null || response === undefined ? "" : kindOf(question).encode(question, response);
  }

  // An answer read back from the hash, or null when it is missing or does not fit the question.
  /**
   * @param {QuestionView} question
   * @param {string} token
   * @returns {LearnerResponse}
   */
  function decode(question, token) {
    return token ? kindOf(question).decode(question, token) : null;
  }

  // The grade of a response to a question of the page's view, null for a kind that is not graded.
  /**
   * @param {QuestionView} question
   * @param {LearnerResponse} response
   * @returns {Fraction | null}
   */
  function gradeWith(question, response) {
    return kindOf(question).grade(question, response, /** @type {Grader} */ (grader));
  }

  /**
   * @param {number} index
   * @param {LearnerResponse} response
   */
  function gradeOf(index, response) {
    return grader && response !== null ? gradeWith(questions[index], response) : null;
  }

  /**
   * @param {Fraction} sum
   * @param {Fraction | null | undefined} grade
   * @returns {Fraction}
   */
  function addPoints(sum, grade) {
    return grade ? quizkitGrading.add(sum, grade) : sum;
  }

  /** @param {Fraction} value */
  function writeFraction(value) {
    return value[1] === 1 ? String(value[0]) : value[0] + "/" + value[1];
  }

  // The state in a hash ("#q=..."), from the URL or from a host that saved it (see window.quizkitPlayer).
  /** @param {string} hash */
  function readHash(hash) {
    var match = /^#q=(\d+)(?:&score=(\d+)(?:\/(\d+))?)?(?:&answers=([^&]*))?$/.exec(hash);
    if (!match) {
      return false;
    }
    var index = Math.min(Math.max(parseInt(match[1], 10) - 1, 0), total);
    state.index = index;
    var tokens = match[4] ? match[4].split(".") : [];
    state.answers = [];
    state.grades = [];
    /** @type {Fraction} */
    var recomputed = [0, 1];
    var complete = true;
    for (var i = 0; i < index; i++) {
      var answer = decode(questions[i], tokens[i] || "");
      state.answers.push(answer);
      state.grades.push(gradeOf(i, answer));
      recomputed = addPoints(recomputed, state.grades[i]);
      complete = complete && answer !== null;
    }
    // The answers are the evidence: with all of them the points are graded again (in this locale);
    // an older link without them keeps the points it carries.
    if (complete && index > 0) {
      state.score = recomputed;
    } else {
      var numerator = parseInt(match[2] || "0", 10);
      var denominator = Math.max(parseInt(match[3] || "1", 10), 1);
      state.score = numerator / denominator > index ? [index, 1] : [numerator, denominator];
    }
    return true;
  }

  // The hash of a position, the points before it and the answers before it.
  /**
   * @param {number} index
   * @param {Fraction} score
   */
  function hashOf(index, score) {
    var hash = "#q=" + (index + 1) + "&score=" + writeFraction(score);
    var answers = state.answers.slice(0, index).map(function (answer, position) {
      return encode(questions[position], answer);
    });
    if (answers.some(function (token) { return token !== ""; })) {
      hash += "&answers=" + answers.join(".");
    }
    return hash;
  }

  // The position travels in the URL hash: a reload, and the links to the other locales, keep it.
  function writeHash() {
    var hash = hashOf(state.index, state.score);
    if (location.hash !== hash) {
      location.replace(hash);
    }
    var links = document.querySelectorAll("a[data-locale-link]");
    for (var i = 0; i < links.length; i++) {
      links[i].setAttribute("href", /** @type {string} */ (links[i].getAttribute("href")).split("#")[0] + hash);
    }
  }

  // A host page (the SCORM adapter) follows the attempt through these events on document:
  // "quizkit:answer" after each answer is recorded, "quizkit:finish" when the results are shown.
  /** @param {string} name */
  function notify(name) {
    document.dispatchEvent(new CustomEvent("quizkit:" + name));
  }

  /**
   * @param {QuestionView} question
   * @param {Fraction | null} grade
   */
  function verdictName(question, grade) {
    if (!kindOf(question).graded) {
      return "submitted";
    }
    var points = /** @type {Fraction} */ (grade); // null for a kind that is not graded only
    if (points[0] === points[1]) {
      return "correct";
    }
    return points[0] === 0 ? "incorrect" : "partly-correct";
  }

  /**
   * @param {QuestionView} question
   * @param {Fraction | null} grade
   * @param {Tag} tag
   */
  function verdict(question, grade, tag) {
    var name = verdictName(question, grade);
    var good = name === "correct" ? "good" : name === "submitted" ? "neutral" : "bad";
    var node = messageBlock(name, tag, { "class": "verdict " + good });
    node.setAttribute("data-score", grade ? writeFraction(grade) : "none");
    return node;
  }

  // --- The question being asked --------------------------------------------------------------------

  /** @param {number} answered */
  function progressBar(answered) {
    return el("progress", {
      "class": "progress-bar",
      id: "progress-bar",
      max: String(total),
      value: String(answered),
      "aria-labelledby": "progress"
    });
  }

  function renderQuestion() {
    clear(root);
    state.checked = false;
    var question = questions[state.index];
    var number = state.index + 1;
    var progress = messageBlock("question-progress", "p", { "class": "progress", id: "progress", tabindex: "-1" }, {
      current: number,
      total: total
    });
    var bar = progressBar(state.index);
    var legend = inQuestion("legend", question, { id: "prompt-" + question.id }, question.prompt);
    var kind = kindOf(question);
    var hint = messageBlock(kind.hint, "p", { "class": "hint", id: "hint-" + question.id });
    var fieldset = inQuestion("fieldset", question, { "aria-describedby": hint.id, "data-type": question.type });
    fieldset.appendChild(legend);
    if (question.image) {
      fieldset.appendChild(image(question.image, "prompt-image"));
    }
    var scored = kind.graded;
    var check = el("button", { type: "submit", "class": "check" }, [message(scored ? "check-answer" : "submit-answer")]);
    var last = state.index === total - 1;
    var next = el("button", { type: "button", "class": "next" }, [message(last ? "see-results" : "next-question")]);
    function changed() {
      var none = answer.response() === null;
      check.disabled = state.checked || none;
      if (!graded) {
        next.disabled = none;
      }
    }
    var answer = kind.control(question, changed);
    fieldset.appendChild(hint);
    fieldset.appendChild(answer.node);
    // Graded, "Next" appears once the answer is checked; ungraded, it is the only step.
    if (graded) {
      next.hidden = true;
    } else {
      check.hidden = true;
    }
    var form = el("form", { "class": "question", "aria-labelledby": "progress" }, [
      fieldset,
      el("div", { "class": "actions" }, [check, next])
    ]);
    var feedback = el("div", { "class": "feedback", role: "status", "aria-live": "polite" });
    changed();

    form.addEventListener("change", changed);
    form.addEventListener("input", changed);
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      if (!graded) {
        next.click(); // Enter in the form moves on, as "Check answer" does in the graded player
        return;
      }
      if (state.checked || answer.response() === null) {
        return;
      }
      checkAnswer(form, answer, feedback, question);
      bar.value = state.index + 1;
      // The checked answer cannot be checked again: the button goes, "Next" takes its place and focus.
      check.hidden = true;
      next.hidden = false;
      next.focus();
    });
    next.addEventListener("click", function () {
      if (!graded) {
        if (answer.response() === null) {
          return;
        }
        state.answers[state.index] = answer.response();
        state.grades[state.index] = null;
        notify("answer");
      }
      state.index += 1;
      show(true);
    });

    root.appendChild(progress);
    root.appendChild(bar);
    root.appendChild(form);
    root.appendChild(feedback);
  }

  /**
   * @param {HTMLFormElement} form
   * @param {Control} answer
   * @param {HTMLElement} feedback
   * @param {QuestionView} question
   */
  function checkAnswer(form, answer, feedback, question) {
    state.checked = true;
    var kind = kindOf(question);
    var response = answer.response();
    // Only a graded page has a "Check" button (renderQuestion).
    var checker = /** @type {Grader} */ (grader);
    var grade = gradeWith(question, response);
    state.answers[state.index] = response;
    state.grades[state.index] = grade;
    state.pendingScore = grade;
    var fields = /** @type {NodeListOf<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>} */ (
      form.querySelectorAll("input, select, textarea")
    );
    for (var i = 0; i < fields.length; i++) {
      fields[i].disabled = true;
    }
    if (answer.disable) {
      answer.disable();
    }
    // A kind that marks its options right and wrong shows the right answer that way.
    if (kind.mark) {
      kind.mark(form, question);
    }
    clear(feedback);
    feedback.appendChild(verdict(question, grade, "p"));
    if (kind.feedback) {
      kind.feedback(question, response, checker).forEach(function (node) { feedback.appendChild(node); });
    }
    if (!kind.mark && grade && grade[0] !== grade[1]) {
      // Not wholly right: the right answer, as the review shows it.
      var details = el("dl", { "class": "right-answer" });
      details.appendChild(messageBlock("correct-answer", "dt", {}));
      kind.correctTerms(question).forEach(function (term) { details.appendChild(term); });
      feedback.appendChild(details);
    }
    if (question.explanation) {
      feedback.appendChild(messageBlock("explanation", "h2", {}));
      feedback.appendChild(inQuestion("p", question, { "class": "explanation" }, question.explanation));
    }
    if (question.explanationImage) {
      feedback.appendChild(image(question.explanationImage, "explanation-image"));
    }
    notify("answer");
  }

  // --- Results and the review ----------------------------------------------------------------------

  // One question of the review: its number as a heading, the prompt, the learner's answer and, when
  // the page carries the key, the verdict, the right answer (an essay's model answer) and the explanation.
  /** @param {number} index */
  function reviewItem(index) {
    var question = questions[index];
    var kind = kindOf(question);
    var response = state.answers[index];
    response = response === undefined ? null : response;
    var heading = "review-" + question.id;
    var item = el("li", { "class": "review-item", "aria-labelledby": heading, "data-type": question.type });
    item.appendChild(messageBlock("question-progress", "h3", { id: heading }, { current: index + 1, total: total }));
    item.appendChild(inQuestion("p", question, { "class": "review-prompt" }, question.prompt));
    if (question.image) {
      item.appendChild(image(question.image, "prompt-image"));
    }
    if (grader && response !== null) {
      var grade = gradeWith(question, response);
      var name = verdictName(question, grade);
      item.classList.add(name === "correct" ? "is-correct" : name === "submitted" ? "is-submitted" : "is-incorrect");
      item.appendChild(verdict(question, grade, "p"));
    }
    var details = el("dl", {});
    details.appendChild(messageBlock("your-answer", "dt", { "class": "your-answer" }));
    if (response !== null) {
      kind.answerTerms(question, response).forEach(function (term) { details.appendChild(term); });
    } else {
      details.appendChild(messageBlock("not-answered", "dd", { "class": "chosen not-answered" }));
    }
    if (graded) {
      // A kind that is not graded has no right answer, only the model answer where the author gave one.
      var scored = kind.graded;
      var key = kind.correctTerms(question);
      if (scored || key.length) {
        details.appendChild(messageBlock(scored ? "correct-answer" : "model-answer", "dt", { "class": "correct-answer" }));
        key.forEach(function (term) { details.appendChild(term); });
      }
      if (question.explanation) {
        details.appendChild(messageBlock("explanation", "dt", { "class": "explanation-term" }));
        var explanation = inQuestion("dd", question, { "class": "explanation" }, question.explanation);
        if (question.explanationImage) {
          explanation.appendChild(image(question.explanationImage, "explanation-image"));
        }
        details.appendChild(explanation);
      }
    }
    item.appendChild(details);
    return item;
  }

  // Whole points: "You answered 5 questions correctly out of 7"; with partial credit a count of points,
  // to two decimals in the locale's digits (the exact fraction is in the hash's score).
  function scoreBlock() {
    var gradable = questions.filter(function (question) { return kindOf(question).graded; }).length;
    var partial = state.grades.some(function (grade) { return grade && grade[0] !== 0 && grade[0] !== grade[1]; });
    var points = state.score[0] / state.score[1];
    var block = messageBlock(partial ? "score-points" : "score", "p", { "class": "score", id: "score", tabindex: "-1" }, {
      count: points,
      total: gradable
    });
    block.setAttribute("data-score", writeFraction(state.score));
    return block;
  }

  function renderResults() {
    clear(root);
    var section = el("section", { "class": "results", "aria-labelledby": graded ? "score" : "review-heading" });
    if (graded) {
      section.appendChild(scoreBlock());
    }
    section.appendChild(messageBlock("review", "h2", { id: "review-heading", tabindex: "-1" }));
    var review = el("ol", { "class": "review", "aria-labelledby": "review-heading" });
    for (var index = 0; index < total; index++) {
      review.appendChild(reviewItem(index));
    }
    section.appendChild(review);
    var restart = el("button", { type: "button", "class": "restart" }, [message("restart")]);
    restart.addEventListener("click", function () {
      state.index = 0;
      state.score = [0, 1];
      state.answers = [];
      state.grades = [];
      show(true);
    });
    section.appendChild(restart);
    root.appendChild(section);
  }

  /**
   * Say ``block`` (a message block, in its own language) in the live region. The copy carries no id
   * and no key: the block on screen is the one that has them.
   * @param {HTMLElement} block
   */
  function announce(block) {
    block.removeAttribute("id");
    block.removeAttribute("tabindex");
    block.removeAttribute("class");
    block.removeAttribute("data-quizkit-key");
    block.querySelectorAll("[data-quizkit-key]").forEach(function (node) { node.removeAttribute("data-quizkit-key"); });
    clear(announcer);
    announcer.appendChild(block);
  }

  /** @param {boolean} moveFocus */
  function show(moveFocus) {
    if (state.pendingScore) {
      state.score = quizkitGrading.add(state.score, state.pendingScore);
    }
    state.pendingScore = null;
    state.checked = false;
    writeHash();
    if (state.index >= total) {
      renderResults();
      if (moveFocus) {
        /** @type {HTMLElement} */ (document.getElementById(graded ? "score" : "review-heading")).focus();
        if (graded) {
          announce(scoreBlock());
        }
      }
      notify("finish");
    } else {
      clear(announcer);
      renderQuestion();
      if (moveFocus) {
        /** @type {HTMLElement} */ (document.getElementById("progress")).focus();
      }
    }
  }

  var openedWith = location.hash;
  readHash(openedWith);
  show(false);
  window.quizkitPlayer = {
    openedWith: openedWith,
    messageText: messageText,
    state: state,
    questions: questions,
    graded: graded,
    kindOf: kindOf,
    grade: function (index, response) { return grader ? gradeWith(questions[index], response) : null; },
    // The attempt as a hash without "#": the position after the last recorded answer (a checked
    // answer counts, before "Next"), the points and the answers before it.
    saved: function () {
      var index = state.checked ? state.index + 1 : state.index;
      return hashOf(index, addPoints(state.score, state.checked ? state.pendingScore : null)).slice(1);
    },
    // Continue a saved attempt; false (nothing changes) when ``saved`` is not one.
    resume: function (saved) {
      if (!readHash("#" + saved)) {
        return false;
      }
      state.pendingScore = null;
      show(false);
      return true;
    }
  };
})();
