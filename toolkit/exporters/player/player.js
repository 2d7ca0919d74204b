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
  var plural = new Intl.PluralRules(locale);
  var numbers = new Intl.NumberFormat(locale + "-u-nu-" + bundle.numberingSystem);
  var root = document.getElementById("quiz");
  var state = { index: 0, score: 0, checked: false };

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

  // An interface message (content/ui.yaml), plural forms chosen with Intl.PluralRules.
  function message(name, values) {
    var entry = view.messages[name];
    var node = el("span", {});
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

  function messageText(name, values) {
    return message(name, values || {}).textContent;
  }

  function readHash() {
    var match = /^#q=(\d+)(?:&score=(\d+))?$/.exec(location.hash);
    if (!match) {
      return;
    }
    var index = Math.min(Math.max(parseInt(match[1], 10) - 1, 0), total);
    state.index = index;
    state.score = Math.min(parseInt(match[2] || "0", 10), index);
  }

  // The position travels in the URL hash: a reload, and the links to the other locales, keep it.
  function writeHash() {
    var hash = "#q=" + (state.index + 1) + "&score=" + state.score;
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

  function renderQuestion() {
    clear(root);
    state.checked = false;
    var question = questions[state.index];
    var texts = view.questions[state.index];
    var single = question.type === "single_choice";
    var number = state.index + 1;
    var progress = el("p", { "class": "progress", id: "progress", tabindex: "-1" }, [
      message("question-progress", { current: number, total: total })
    ]);
    var prompt = "prompt-" + question.id;
    var legend = fill(el("legend", { id: prompt, dir: texts.dir, lang: texts.lang }), texts.prompt);
    var hint = el("p", { "class": "hint", id: "hint-" + question.id }, [
      message(single ? "choose-one" : "choose-all")
    ]);
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
    next.hidden = true;
    var form = el("form", { "class": "question", "aria-labelledby": "progress" }, [
      fieldset,
      el("div", { "class": "actions" }, [check, next])
    ]);
    var feedback = el("div", { "class": "feedback", role: "status", "aria-live": "polite" });

    form.addEventListener("change", function () {
      check.disabled = state.checked || selected(form).length === 0;
    });
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      if (state.checked || selected(form).length === 0) {
        return;
      }
      checkAnswer(form, feedback, question, texts);
      check.disabled = true;
      next.hidden = false;
      next.focus();
    });
    next.addEventListener("click", function () {
      state.index += 1;
      show(true);
    });

    root.appendChild(progress);
    root.appendChild(form);
    root.appendChild(feedback);
  }

  function selected(form) {
    var inputs = form.querySelectorAll("input:checked");
    return Array.prototype.map.call(inputs, function (input) { return input.value; });
  }

  function checkAnswer(form, feedback, question, texts) {
    state.checked = true;
    var chosen = selected(form);
    var right = sameSet(chosen, question.correct);
    if (right) {
      state.pendingScore = 1;
    } else {
      state.pendingScore = 0;
    }
    var inputs = form.querySelectorAll("input");
    for (var i = 0; i < inputs.length; i++) {
      var input = inputs[i];
      input.disabled = true;
      var option = input.parentNode;
      var isCorrect = question.correct.indexOf(input.value) >= 0;
      if (isCorrect || input.checked) {
        option.classList.add(isCorrect ? "is-correct" : "is-incorrect");
        option.appendChild(el("span", { "class": "mark" }, [message(isCorrect ? "correct" : "incorrect")]));
      }
    }
    clear(feedback);
    feedback.appendChild(
      el("p", { "class": "verdict " + (right ? "good" : "bad") }, [message(right ? "correct" : "incorrect")])
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
      feedback.appendChild(el("h2", {}, [message("explanation")]));
      feedback.appendChild(
        fill(el("p", { "class": "explanation", dir: texts.dir, lang: texts.lang }), texts.explanation)
      );
    }
  }

  function renderResults() {
    clear(root);
    var result = el("p", { "class": "score", id: "score", tabindex: "-1" }, [
      message("score", { count: state.score, total: total })
    ]);
    var restart = el("button", { type: "button", "class": "restart" }, [message("restart")]);
    restart.addEventListener("click", function () {
      state.index = 0;
      state.score = 0;
      show(true);
    });
    root.appendChild(el("section", { "class": "results", "aria-labelledby": "score" }, [result, restart]));
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
        document.getElementById("score").focus();
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
