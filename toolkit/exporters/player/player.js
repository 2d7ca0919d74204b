// quizkit player: renders the quiz embedded in the page (script#quiz-data) with DOM APIs only.
// Texts arrive pre-segmented ([kind, text]: "text", "latin", "code"); Latin runs become
// <span dir="ltr" lang>, so right-to-left text needs no bidi control characters and no markup parsing.
(function () {
  "use strict";

  var data = JSON.parse(document.getElementById("quiz-data").textContent);
  var bundle = data.bundle;
  var view = data.view;
  var locale = bundle.locale;
  var questions = bundle.questions;
  var total = questions.length;
  // The delivery variant carries no answer key: the player records choices and grades nothing.
  var graded = bundle.answers !== false;
  var plural = new Intl.PluralRules(locale);
  var numbers = new Intl.NumberFormat(locale + "-u-nu-" + bundle.numberingSystem);
  var root = document.getElementById("quiz");
  var state = { index: 0, score: 0, checked: false, answers: [] };

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

  // Segments into a node: plain text as text nodes, Latin runs and code isolated left to right.
  function fill(node, segments, values) {
    segments.forEach(function (segment) {
      var kind = segment[0];
      var text = segment[1];
      if (kind === "ph") {
        var value = values ? values[text] : undefined;
        node.appendChild(
          document.createTextNode(typeof value === "number" ? numbers.format(value) : String(value))
        );
      } else if (kind === "latin") {
        node.appendChild(el("span", { dir: "ltr", lang: view.latinLang }, [text]));
      } else if (kind === "code") {
        node.appendChild(el("code", { dir: "ltr" }, [text]));
      } else {
        node.appendChild(document.createTextNode(text));
      }
    });
    return node;
  }

  // The language an interface message is written in: the page's, or the source's where it fell back.
  // Interface text inside a question that fell back to the source keeps its own lang and dir.
  function spoken(name) {
    var entry = view.messages[name];
    return entry ? { lang: entry.lang, dir: entry.dir } : { lang: locale, dir: bundle.dir };
  }

  // An interface message (content/ui.yaml), plural forms chosen with Intl.PluralRules.
  function message(name, values) {
    var entry = view.messages[name];
    var language = spoken(name);
    var node = el("span", { lang: language.lang, dir: language.dir });
    if (!entry) {
      return node;
    }
    var segments = entry.text;
    if (!segments) {
      var category = plural.select(values[entry.plural]);
      segments = entry.forms[category] || entry.forms.other;
    }
    return fill(node, segments, values);
  }

  // A block element holding one interface message, in that message's language and direction.
  function messageBlock(name, tag, attributes, values) {
    var language = spoken(name);
    var node = el(tag, attributes);
    node.setAttribute("lang", language.lang);
    node.setAttribute("dir", language.dir);
    var inline = message(name, values);
    while (inline.firstChild) {
      node.appendChild(inline.firstChild);
    }
    return node;
  }

  function messageText(name, values) {
    return message(name, values || {}).textContent;
  }

  function optionIds(index) {
    return questions[index].options.map(function (option) { return option.id; });
  }

  // "#q=3&score=1&answers=full-replica.none+all": the position, the score of the questions before it,
  // and the options chosen in each question before it ("." between questions, "+" between options).
  function readHash() {
    var match = /^#q=(\d+)(?:&score=(\d+))?(?:&answers=([a-z0-9.+-]*))?$/.exec(location.hash);
    if (!match) {
      return;
    }
    var index = Math.min(Math.max(parseInt(match[1], 10) - 1, 0), total);
    state.index = index;
    state.score = Math.min(parseInt(match[2] || "0", 10), index);
    var answers = match[3] ? match[3].split(".") : [];
    state.answers = [];
    for (var i = 0; i < index; i++) {
      var known = optionIds(i);
      var chosen = (answers[i] || "").split("+").filter(function (id) { return known.indexOf(id) >= 0; });
      state.answers.push(chosen.length ? chosen : null);
    }
  }

  // The position travels in the URL hash: a reload, and the links to the other locales, keep it.
  function writeHash() {
    var hash = "#q=" + (state.index + 1) + "&score=" + state.score;
    var answers = state.answers.slice(0, state.index).map(function (chosen) {
      return (chosen || []).join("+");
    });
    if (answers.some(function (chosen) { return chosen !== ""; })) {
      hash += "&answers=" + answers.join(".");
    }
    if (location.hash !== hash) {
      location.replace(hash);
    }
    var links = document.querySelectorAll("a[data-locale-link]");
    for (var i = 0; i < links.length; i++) {
      links[i].setAttribute("href", links[i].getAttribute("href").split("#")[0] + hash);
    }
  }

  function clear(node) {
    while (node.firstChild) {
      node.removeChild(node.firstChild);
    }
  }

  function sameSet(a, b) {
    return a.length === b.length && a.every(function (item) { return b.indexOf(item) >= 0; });
  }

  // Answered questions out of all; the accessible name is the "Question n of N" line above it.
  function progressBar(answered) {
    var bar = el("progress", {
      "class": "progress-bar",
      id: "progress-bar",
      max: String(total),
      value: String(answered),
      "aria-labelledby": "progress"
    });
    return bar;
  }

  function renderQuestion() {
    clear(root);
    state.checked = false;
    var question = questions[state.index];
    var texts = view.questions[state.index];
    var single = question.type === "single_choice";
    var number = state.index + 1;
    var progress = messageBlock("question-progress", "p", { "class": "progress", id: "progress", tabindex: "-1" }, {
      current: number,
      total: total
    });
    var bar = progressBar(state.index);
    var prompt = "prompt-" + question.id;
    var legend = fill(el("legend", { id: prompt, dir: texts.dir, lang: texts.lang }), texts.prompt);
    var hint = messageBlock(single ? "choose-one" : "choose-all", "p", { "class": "hint", id: "hint-" + question.id });
    var fieldset = el("fieldset", { dir: texts.dir, lang: texts.lang, "aria-describedby": hint.id }, [
      legend
    ]);
    var list = el("div", {
      "class": "options",
      dir: texts.dir,
      lang: texts.lang,
      role: single ? "radiogroup" : "group",
      "aria-labelledby": prompt
    });
    texts.order.forEach(function (optionId, position) {
      var id = "option-" + question.id + "-" + position;
      var input = el("input", {
        type: single ? "radio" : "checkbox",
        name: "answer-" + question.id,
        id: id,
        value: optionId
      });
      var label = fill(el("label", { "for": id }), texts.options[optionId].text);
      var option = el("div", { "class": "option", dir: texts.dir, lang: texts.lang }, [input, label]);
      option.setAttribute("data-option", optionId);
      list.appendChild(option);
    });
    fieldset.appendChild(hint);
    fieldset.appendChild(list);

    var check = el("button", { type: "submit", "class": "check" }, [message("check-answer")]);
    check.disabled = true;
    var last = state.index === total - 1;
    var next = el("button", { type: "button", "class": "next" }, [
      message(last ? "see-results" : "next-question")
    ]);
    // Graded, "Next" appears once the answer is checked; ungraded, it is the only step.
    if (graded) {
      next.hidden = true;
    } else {
      check.hidden = true;
      next.disabled = true;
    }
    var form = el("form", { "class": "question", "aria-labelledby": "progress" }, [
      fieldset,
      el("div", { "class": "actions" }, [check, next])
    ]);
    var feedback = el("div", { "class": "feedback", role: "status", "aria-live": "polite" });

    form.addEventListener("change", function () {
      var none = selected(form).length === 0;
      check.disabled = state.checked || none;
      if (!graded) {
        next.disabled = none;
      }
    });
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      if (!graded) {
        next.click(); // Enter in the form moves on, as "Check answer" does in the graded player
        return;
      }
      if (state.checked || selected(form).length === 0) {
        return;
      }
      checkAnswer(form, feedback, question, texts);
      bar.value = state.index + 1;
      // The checked answer cannot be checked again: the button goes, "Next" takes its place and focus.
      check.hidden = true;
      next.hidden = false;
      next.focus();
    });
    next.addEventListener("click", function () {
      if (!graded) {
        if (selected(form).length === 0) {
          return;
        }
        state.answers[state.index] = selected(form);
      }
      state.index += 1;
      show(true);
    });

    root.appendChild(progress);
    root.appendChild(bar);
    root.appendChild(form);
    root.appendChild(feedback);
  }

  function selected(form) {
    var inputs = form.querySelectorAll("input:checked");
    return Array.prototype.map.call(inputs, function (input) { return input.value; });
  }

  function isRight(question, chosen) {
    return sameSet(chosen, question.correct);
  }

  function checkAnswer(form, feedback, question, texts) {
    state.checked = true;
    var chosen = selected(form);
    state.answers[state.index] = chosen;
    var right = isRight(question, chosen);
    state.pendingScore = right ? 1 : 0;
    var inputs = form.querySelectorAll("input");
    for (var i = 0; i < inputs.length; i++) {
      var input = inputs[i];
      input.disabled = true;
      var option = input.parentNode;
      var isCorrect = question.correct.indexOf(input.value) >= 0;
      if (isCorrect || input.checked) {
        option.classList.add(isCorrect ? "is-correct" : "is-incorrect");
        var name = isCorrect ? "correct" : "incorrect";
        var language = spoken(name);
        option.appendChild(el("span", { "class": "mark", lang: language.lang, dir: language.dir }, [message(name)]));
      }
    }
    clear(feedback);
    feedback.appendChild(
      messageBlock(right ? "correct" : "incorrect", "p", { "class": "verdict " + (right ? "good" : "bad") })
    );
    chosen.forEach(function (optionId) {
      var option = texts.options[optionId];
      if (option && option.feedback) {
        feedback.appendChild(
          fill(el("p", { "class": "option-feedback", dir: texts.dir, lang: texts.lang }), option.feedback)
        );
      }
    });
    if (texts.explanation) {
      feedback.appendChild(messageBlock("explanation", "h2", {}));
      feedback.appendChild(
        fill(el("p", { "class": "explanation", dir: texts.dir, lang: texts.lang }), texts.explanation)
      );
    }
  }

  // Options of a question as <dd> elements in the question's language, in the order they were shown.
  function optionTerms(texts, ids) {
    return texts.order.filter(function (id) { return ids.indexOf(id) >= 0; }).map(function (id) {
      return fill(el("dd", { dir: texts.dir, lang: texts.lang }), texts.options[id].text);
    });
  }

  // One question of the review: its number as a heading, the prompt, the learner's answer and, when
  // the page carries the key, the verdict, the correct answer and the explanation.
  function reviewItem(index) {
    var question = questions[index];
    var texts = view.questions[index];
    var chosen = state.answers[index] || null;
    var heading = "review-" + question.id;
    var item = el("li", { "class": "review-item", "aria-labelledby": heading });
    item.appendChild(messageBlock("question-progress", "h3", { id: heading }, { current: index + 1, total: total }));
    item.appendChild(fill(el("p", { "class": "review-prompt", dir: texts.dir, lang: texts.lang }), texts.prompt));
    if (graded && chosen) {
      var right = isRight(question, chosen);
      item.classList.add(right ? "is-correct" : "is-incorrect");
      item.appendChild(messageBlock(right ? "correct" : "incorrect", "p", { "class": "verdict " + (right ? "good" : "bad") }));
    }
    var details = el("dl", {});
    details.appendChild(messageBlock("your-answer", "dt", { "class": "your-answer" }));
    if (chosen) {
      optionTerms(texts, chosen).forEach(function (term) {
        term.classList.add("chosen");
        details.appendChild(term);
      });
    } else {
      details.appendChild(messageBlock("not-answered", "dd", { "class": "chosen not-answered" }));
    }
    if (graded) {
      details.appendChild(messageBlock("correct-answer", "dt", { "class": "correct-answer" }));
      optionTerms(texts, question.correct).forEach(function (term) {
        term.classList.add("correct");
        details.appendChild(term);
      });
      if (texts.explanation) {
        details.appendChild(messageBlock("explanation", "dt", { "class": "explanation-term" }));
        details.appendChild(
          fill(el("dd", { "class": "explanation", dir: texts.dir, lang: texts.lang }), texts.explanation)
        );
      }
    }
    item.appendChild(details);
    return item;
  }

  function renderResults() {
    clear(root);
    var section = el("section", { "class": "results", "aria-labelledby": graded ? "score" : "review-heading" });
    if (graded) {
      section.appendChild(
        messageBlock("score", "p", { "class": "score", id: "score", tabindex: "-1" }, {
          count: state.score,
          total: total
        })
      );
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
      state.score = 0;
      state.answers = [];
      show(true);
    });
    section.appendChild(restart);
    root.appendChild(section);
  }

  function show(moveFocus) {
    if (state.pendingScore) {
      state.score += state.pendingScore;
    }
    state.pendingScore = 0;
    writeHash();
    if (state.index >= total) {
      renderResults();
      if (moveFocus) {
        document.getElementById(graded ? "score" : "review-heading").focus();
      }
    } else {
      renderQuestion();
      if (moveFocus) {
        document.getElementById("progress").focus();
      }
    }
  }

  readHash();
  show(false);
  window.quizkitPlayer = { messageText: messageText, state: state };
})();
