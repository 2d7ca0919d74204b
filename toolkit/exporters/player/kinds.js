// quizkit player, the question kinds: one entry per kind in one table, holding everything the player does
// that depends on the kind: its hint, its control and the answer it reads, the answer in the URL hash, its
// grading (toolkit/localization/grading.py's, with grading.js's tools), the feedback after checking, the
// learner's answer and the right answer as review terms, and its SCORM 1.2 interaction. player.js creates
// the table with its DOM helpers and looks each question's kind up in it; player.js, grading.js and
// scorm_player.js name no kind. A new kind is one more entry here (docs/architecture.md).
// @ts-check
/* exported quizkitKinds */
/** @param {PlayerUi} ui */
var quizkitKinds = function (ui) {
  "use strict";

  var el = ui.el;
  var fill = ui.fill;
  var plainText = ui.plainText;
  var message = ui.message;
  var messageBlock = ui.messageBlock;
  var messageText = ui.messageText;
  var markSpoken = ui.markSpoken;
  var inQuestion = ui.inQuestion;
  var clear = ui.clear;
  var newId = ui.newId;
  var spoken = ui.spoken;
  var exact = ui.exact;
  var image = ui.image;

  // --- The answer in the URL hash -------------------------------------------------------------------
  // Ids go as they are ("+" between several); typed text is percent-encoded, "." included (player.js
  // puts "." between questions); matches and blanks are "id:value".

  /** @param {string} text */
  function encodeText(text) {
    return encodeURIComponent(text).replace(/\./g, "%2E");
  }

  /** @param {string} token */
  function decodeText(token) {
    try {
      return decodeURIComponent(token);
    } catch (error) {
      return null;
    }
  }

  // --- Controls shared by several kinds ------------------------------------------------------------
  // Each returns {node, response(), disable()}; response() is null until something is answered.

  /**
   * @param {QuestionBase} question
   * @param {Array<{ value: string, label: Node }>} choices
   * @param {boolean} single
   * @returns {ChoiceControl}
   */
  function choiceControl(question, choices, single) {
    var list = inQuestion("div", question, {
      "class": "options",
      role: single ? "radiogroup" : "group",
      "aria-labelledby": "prompt-" + question.id
    });
    choices.forEach(function (choice, position) {
      var id = "option-" + question.id + "-" + position;
      var input = el("input", { type: single ? "radio" : "checkbox", name: "answer-" + question.id, id: id, value: choice.value });
      var label = el("label", { "for": id }, [choice.label]);
      var option = inQuestion("div", question, { "class": "option" });
      option.appendChild(input);
      option.appendChild(label);
      option.setAttribute("data-option", choice.value);
      list.appendChild(option);
    });
    /** @returns {string[]} */
    function chosen() {
      return /** @type {string[]} */ (
        Array.prototype.map.call(list.querySelectorAll("input:checked"), function (input) { return input.value; })
      );
    }
    return { node: list, chosen: chosen };
  }

  // After checking, the options of a choice marked right or wrong: the right ones, and a wrong one chosen.
  /**
   * @param {HTMLFormElement} form
   * @param {string[]} correct  the values of the right options
   */
  function markOptions(form, correct) {
    var inputs = /** @type {NodeListOf<HTMLInputElement>} */ (form.querySelectorAll(".options input"));
    for (var i = 0; i < inputs.length; i++) {
      var input = inputs[i];
      var option = /** @type {HTMLElement} */ (input.parentNode);
      var isCorrect = correct.indexOf(input.value) >= 0;
      if (isCorrect || input.checked) {
        option.classList.add(isCorrect ? "is-correct" : "is-incorrect");
        var name = isCorrect ? "correct" : "incorrect";
        var language = spoken(name);
        option.appendChild(el("span", { "class": "mark", lang: language.lang, dir: language.dir }, [message(name)]));
      }
    }
  }

  // A labelled text field ("Your answer"), typed answers in the question's language.
  /**
   * @param {TypedQuestion} question
   * @param {"input" | "textarea"} tag
   * @param {Attributes} attributes
   * @returns {TypedControl}
   */
  function typedControl(question, tag, attributes) {
    var id = "answer-" + question.id;
    var wrapper = inQuestion("div", question, { "class": "typed" });
    wrapper.appendChild(messageBlock("your-answer", "label", { "for": id, "class": "typed-label" }));
    var field = inQuestion(tag, question, Object.assign({ id: id, name: id, autocomplete: "off", spellcheck: "false" }, attributes));
    field.setAttribute("dir", attributes.dir || question.typedDir);
    var line = el("div", { "class": "typed-line" }, [field]);
    if (question.unit) {
      line.appendChild(inQuestion("span", question, { "class": "unit", id: "unit-" + question.id }, question.unit));
      field.setAttribute("aria-describedby", "unit-" + question.id);
    }
    wrapper.appendChild(line);
    return {
      node: wrapper,
      field: field,
      response: function () { return field.value === "" ? null : field.value; }
    };
  }

  /**
   * @param {Languages} question
   * @param {Array<{ id: string, text: Segments }>} choices
   * @param {string} placeholder
   * @param {Attributes} attributes
   */
  function selectOf(question, choices, placeholder, attributes) {
    var select = inQuestion("select", question, attributes);
    select.appendChild(ui.markMessage(el("option", { value: "" }, [messageText(placeholder)]), placeholder));
    choices.forEach(function (choice) {
      select.appendChild(ui.markKey(el("option", { value: choice.id }, [plainText(choice.text)]), choice.text));
    });
    return select;
  }

  // --- Review terms shared by several kinds ---------------------------------------------------------

  /**
   * @param {TypedQuestion} question
   * @param {string} text
   * @param {string} className
   */
  function typedTerm(question, text, className) {
    var term = inQuestion("dd", question, { "class": className + " typed-answer" });
    var span = el("span", { dir: question.type === "numeric" ? "ltr" : question.typedDir || question.dir }, [text]);
    term.appendChild(span);
    if (question.unit) {
      term.appendChild(document.createTextNode(" "));
      fill(term, question.unit);
    }
    return term;
  }

  // --- SCORM 1.2 ------------------------------------------------------------------------------------

  /**
   * @param {string[]} known
   * @returns {(a: string, b: string) => number}
   */
  function byPosition(known) {
    return function (a, b) { return known.indexOf(a) - known.indexOf(b); };
  }

  // The parts every kind that the learner types the answer of shares: the text in the hash as it is
  // typed, and in the review as typed.
  var typed = {
    /**
     * @param {TypedQuestion} _question
     * @param {string} response
     */
    encode: function (_question, response) {
      return encodeText(response);
    },
    /**
     * @param {TypedQuestion} _question
     * @param {string} token
     */
    decode: function (_question, token) {
      return decodeText(token) || null;
    },
    /**
     * @param {TypedQuestion} question
     * @param {string} response
     */
    answerTerms: function (question, response) {
      return [typedTerm(question, response, "chosen")];
    }
  };

  // --- The kinds --------------------------------------------------------------------------------------

  /**
   * Single and multiple choice: options by id, several chosen in a multiple choice.
   * @param {string} hint
   * @returns {Kind<ChoiceQuestionView, string[]>}
   */
  function choiceKind(hint) {
    /**
     * @param {ChoiceQuestionView} question
     * @param {string[]} chosen
     * @param {string} className
     */
    function optionTerms(question, chosen, className) {
      return question.order.filter(function (id) { return chosen.indexOf(id) >= 0; }).map(function (id) {
        return inQuestion("dd", question, { "class": className }, question.options[id].text);
      });
    }

    return {
      hint: hint,
      graded: true,
      control: function (question) {
        var single = question.type === "single_choice";
        var choice = choiceControl(question, question.order.map(function (optionId) {
          var option = question.options[optionId];
          var text = fill(el("span", {}), option.text);
          // The image inside the label: the option stays one control, named by its text and the image's alt.
          var label = option.image ? el("span", { "class": "option-label" }, [text, image(option.image, "option-image")]) : text;
          return { value: optionId, label: label };
        }), single);
        choice.response = function () {
          var chosen = choice.chosen();
          return chosen.length ? chosen : null;
        };
        return /** @type {Control} */ (choice);
      },
      encode: function (_question, response) {
        return response.join("+");
      },
      decode: function (question, token) {
        var chosen = token.split("+").filter(function (id) { return question.order.indexOf(id) >= 0; });
        return chosen.length ? chosen : null;
      },
      grade: function (question, response, grader) {
        var picked = Array.from(new Set(response || []));
        var correct = question.correct;
        var hits = picked.filter(function (id) { return correct.indexOf(id) >= 0; }).length;
        if (question.type === "multiple_choice" && question.partialCredit) {
          return grader.fraction(Math.max(0, hits - (picked.length - hits)), correct.length);
        }
        return hits === correct.length && picked.length === correct.length ? grader.RIGHT : grader.WRONG;
      },
      mark: function (form, question) {
        markOptions(form, question.correct);
      },
      feedback: function (question, response) {
        /** @type {Node[]} */
        var shown = [];
        response.forEach(function (optionId) {
          var option = question.options[optionId];
          if (option && option.feedback) {
            shown.push(inQuestion("p", question, { "class": "option-feedback" }, option.feedback));
          }
        });
        return shown;
      },
      answerTerms: function (question, response) {
        return optionTerms(question, response, "chosen");
      },
      correctTerms: function (question) {
        return optionTerms(question, question.correct, "correct");
      },
      interaction: function (question, scorm) {
        var known = question.order;
        var correct = scorm.letters(known, question.correct.slice().sort(byPosition(known)));
        if (correct !== null) {
          return {
            type: "choice",
            patterns: [correct],
            response: function (response) { return scorm.letters(known, response.slice().sort(byPosition(known))); }
          };
        }
        return {
          type: "performance",
          patterns: [],
          response: function (response) { return scorm.clip(response.join(",")); }
        };
      }
    };
  }

  /** @type {Kind<TrueFalseQuestionView, boolean>} */
  var trueFalse = {
    hint: "choose-one",
    graded: true,
    control: function (question) {
      var choice = choiceControl(question, [
        { value: "true", label: message("true") },
        { value: "false", label: message("false") }
      ], true);
      choice.response = function () {
        var chosen = choice.chosen();
        return chosen.length ? chosen[0] === "true" : null;
      };
      return /** @type {Control} */ (choice);
    },
    encode: function (_question, response) {
      return String(response);
    },
    decode: function (_question, token) {
      return token === "true" ? true : token === "false" ? false : null;
    },
    grade: function (question, response, grader) {
      return response === question.correct ? grader.RIGHT : grader.WRONG;
    },
    mark: function (form, question) {
      markOptions(form, [String(question.correct)]);
    },
    answerTerms: function (_question, response) {
      return [messageBlock(response ? "true" : "false", "dd", { "class": "chosen" })];
    },
    correctTerms: function (question) {
      return [messageBlock(question.correct ? "true" : "false", "dd", { "class": "correct" })];
    },
    interaction: function (question) {
      return {
        type: "true-false",
        patterns: [question.correct ? "t" : "f"],
        response: function (response) { return response ? "t" : "f"; }
      };
    }
  };

  /** @type {Kind<ShortAnswerQuestionView, string>} */
  var shortAnswer = Object.assign({}, typed, {
    hint: "type-answer",
    graded: true,
    /** @param {ShortAnswerQuestionView} question */
    control: function (question) {
      return typedControl(question, "input", { type: "text" });
    },
    /**
     * @param {ShortAnswerQuestionView} question
     * @param {string | null} response
     * @param {Grader} grader
     */
    grade: function (question, response, grader) {
      var text = typeof response === "string" ? response : "";
      return grader.accepts(question.accepted, text, question.caseSensitive) ? grader.RIGHT : grader.WRONG;
    },
    /** @param {ShortAnswerQuestionView} question */
    correctTerms: function (question) {
      return question.shown.map(function (shown) {
        return inQuestion("dd", question, { "class": "correct" }, shown);
      });
    },
    /**
     * @param {ShortAnswerQuestionView} question
     * @param {ScormTools} scorm
     */
    interaction: function (question, scorm) {
      return { type: "fill-in", patterns: question.accepted.filter(scorm.fits), response: scorm.clip };
    }
  });

  /** @param {Intl.StringNumericLiteral} value */
  function numberText(value) {
    return exact.format(value);
  }

  /** @param {string} text */
  function decimalIsNonzero(text) {
    return /[1-9]/.test(text.split(/[eE]/)[0]);
  }

  /** @type {Kind<NumericQuestionView, string>} */
  var numeric = Object.assign({}, typed, {
    hint: "type-number",
    graded: true,
    /** @param {NumericQuestionView} question */
    control: function (question) {
      return typedControl(question, "input", { type: "text", inputmode: "decimal", dir: "ltr" });
    },
    /**
     * @param {NumericQuestionView} question
     * @param {string | null} response
     * @param {Grader} grader
     */
    grade: function (question, response, grader) {
      return grader.withinTolerance(typeof response === "string" ? response : "", question.answer, question.tolerance)
        ? grader.RIGHT
        : grader.WRONG;
    },
    // How a typed number was read, where the learner could not tell: "1.000" on a German page (a
    // thousand, or one in English) or "99.6" there (read as 99,6): the number in the page's own notation.
    /**
     * @param {NumericQuestionView} _question
     * @param {string} response
     * @param {Grader} grader
     */
    feedback: function (_question, response, grader) {
      var read = grader.readNumber(response);
      if (read === null || (read.otherwise === null && read.own)) {
        return [];
      }
      var terms = el("dl", { "class": "number-read" });
      terms.appendChild(messageBlock("your-answer", "dt", {}));
      terms.appendChild(el("dd", { dir: "ltr" }, [exact.format(grader.plainText(read.value))]));
      return [terms];
    },
    /** @param {NumericQuestionView} question */
    correctTerms: function (question) {
      var text = numberText(question.answer);
      if (decimalIsNonzero(question.tolerance)) {
        text += " ± " + numberText(question.tolerance);
      }
      return [typedTerm(question, text, "correct")];
    },
    /**
     * @param {NumericQuestionView} question
     * @param {ScormTools} scorm
     */
    interaction: function (question, scorm) {
      return {
        type: "numeric",
        // One exact number is all a SCORM 1.2 numeric pattern says: none with a tolerance.
        patterns: Number(question.tolerance) === 0 ? [scorm.plainDecimal(question.answer)] : [],
        response: scorm.plainDecimal
      };
    }
  });

  /**
   * @param {MatchingQuestionView} question
   * @param {string} matchId
   */
  function matchText(question, matchId) {
    var found = question.matches.filter(function (match) { return match.id === matchId; })[0];
    return found ? found.text : null;
  }

  /**
   * @param {MatchingQuestionView} question
   * @param {Record<string, string>} matched
   * @param {string} className
   */
  function pairTerms(question, matched, className) {
    return question.pairs.map(function (pair) {
      var term = inQuestion("dd", question, { "class": className + " pair" });
      term.appendChild(fill(inQuestion("span", question, { "class": "pair-prompt" }), pair.prompt));
      term.appendChild(document.createTextNode(": "));
      var text = matchText(question, matched[pair.id]);
      term.appendChild(text ? fill(inQuestion("span", question, { "class": "pair-match" }), text) : messageBlock("not-answered", "span", { "class": "pair-match" }));
      return term;
    });
  }

  /**
   * SCORM's matching response: source.target letters per pair matched ("a.c,b.a").
   * @param {MatchingQuestionView} question
   * @param {Record<string, string>} matching
   * @param {ScormTools} scorm
   */
  function pairsOf(question, matching, scorm) {
    var sources = question.pairs.map(function (pair) { return pair.id; });
    var targets = question.matches.map(function (match) { return match.id; });
    var named = question.pairs.filter(function (pair) { return matching[pair.id]; }).map(function (pair) {
      var source = scorm.letter(sources.indexOf(pair.id));
      var target = scorm.letter(targets.indexOf(matching[pair.id]));
      return source && target ? source + "." + target : null;
    });
    return named.indexOf(null) >= 0 ? null : named.join(",");
  }

  /** @type {Kind<MatchingQuestionView, Record<string, string>>} */
  var matching = {
    hint: "match-each",
    graded: true,
    control: function (question) {
      var table = inQuestion("div", question, { "class": "matching" });
      /** @type {Record<string, HTMLSelectElement>} */
      var selects = {};
      question.pairs.forEach(function (pair) {
        var id = newId("match-" + question.id);
        var row = inQuestion("div", question, { "class": "match-row" });
        row.appendChild(inQuestion("label", question, { "for": id, "class": "match-prompt" }, pair.prompt));
        var select = selectOf(question, question.matches, "choose-match", { id: id, "data-pair": pair.id });
        selects[pair.id] = select;
        row.appendChild(select);
        table.appendChild(row);
      });
      return {
        node: table,
        response: function () {
          /** @type {Record<string, string>} */
          var matched = {};
          Object.keys(selects).forEach(function (pairId) {
            if (selects[pairId].value) {
              matched[pairId] = selects[pairId].value;
            }
          });
          return Object.keys(matched).length ? matched : null;
        }
      };
    },
    encode: function (question, response) {
      return question.pairs.filter(function (pair) { return response[pair.id]; }).map(function (pair) {
        return pair.id + ":" + response[pair.id];
      }).join("+");
    },
    decode: function (question, token) {
      var known = question.matches.map(function (match) { return match.id; });
      /** @type {Record<string, string>} */
      var matched = {};
      token.split("+").forEach(function (part) {
        var pair = part.split(":");
        var isPair = question.pairs.some(function (each) { return each.id === pair[0]; });
        if (pair.length === 2 && isPair && known.indexOf(pair[1]) >= 0) {
          matched[pair[0]] = pair[1];
        }
      });
      return Object.keys(matched).length ? matched : null;
    },
    grade: function (question, response, grader) {
      var matched = response || {};
      var right = question.pairs.filter(function (pair) {
        return matched[pair.id] === question.correct[pair.id];
      }).length;
      return grader.share(right, question.pairs.length, question.partialCredit);
    },
    answerTerms: function (question, response) {
      return pairTerms(question, response, "chosen");
    },
    correctTerms: function (question) {
      return pairTerms(question, question.correct, "correct");
    },
    interaction: function (question, scorm) {
      return {
        type: "matching",
        patterns: [pairsOf(question, question.correct, scorm)],
        response: function (response) { return pairsOf(question, response, scorm); }
      };
    }
  };

  /**
   * @param {OrderingQuestionView} question
   * @param {string} itemId
   */
  function itemText(question, itemId) {
    return question.items.filter(function (item) { return item.id === itemId; })[0].text;
  }

  /**
   * @param {OrderingQuestionView} question
   * @param {string[]} order
   * @param {string} className
   */
  function orderTerm(question, order, className) {
    var term = inQuestion("dd", question, { "class": className });
    var list = inQuestion("ol", question, { "class": "review-order" });
    order.forEach(function (itemId) {
      list.appendChild(inQuestion("li", question, {}, itemText(question, itemId)));
    });
    term.appendChild(list);
    return term;
  }

  /** @param {OrderingQuestionView} question */
  function itemIds(question) {
    return question.items.map(function (item) { return item.id; });
  }

  /** @type {Kind<OrderingQuestionView, string[]>} */
  var ordering = {
    hint: "order-items",
    graded: true,
    // Items reordered with "Move up" / "Move down" buttons (Tab and Enter or Space); the focus stays
    // on the moved item, and a live region says where it now is.
    control: function (question, onChange) {
      var order = itemIds(question);
      /** @type {Record<string, Segments>} */
      var texts = {};
      question.items.forEach(function (item) { texts[item.id] = item.text; });
      var wrapper = inQuestion("div", question, { "class": "ordering" });
      var list = inQuestion("ol", question, { "class": "order-list", "aria-labelledby": "prompt-" + question.id });
      var status = el("p", { "class": "order-status visually-hidden", role: "status", "aria-live": "polite" });
      wrapper.appendChild(list);
      wrapper.appendChild(status);
      var disabled = false;

      /**
       * @param {string} name
       * @param {string} itemId
       * @param {number} position
       * @param {number} step
       */
      function button(name, itemId, position, step) {
        var node = el("button", {
          type: "button",
          "class": "move " + name,
          "data-item": itemId,
          "aria-describedby": "item-" + question.id + "-" + itemId
        }, [message(name)]);
        node.disabled = disabled || position + step < 0 || position + step >= order.length;
        node.addEventListener("click", function () {
          var target = position + step;
          order.splice(position, 1);
          order.splice(target, 0, itemId);
          render();
          // render() made both buttons of the item.
          var again = /** @type {HTMLButtonElement} */ (list.querySelector("button." + name + "[data-item='" + itemId + "']"));
          var other = /** @type {HTMLButtonElement} */ (
            list.querySelector("button." + (name === "move-up" ? "move-down" : "move-up") + "[data-item='" + itemId + "']")
          );
          (again.disabled ? other : again).focus();
          markSpoken(/** @type {Element} */ (list.querySelector("li[data-item='" + itemId + "']")), "moved");
          clear(status);
          status.appendChild(messageBlock("moved", "span", {}, { position: target + 1, total: order.length }));
          onChange();
        });
        return node;
      }

      function render() {
        clear(list);
        order.forEach(function (itemId, position) {
          var item = inQuestion("li", question, { "class": "order-item", "data-item": itemId });
          item.appendChild(inQuestion("span", question, { "class": "item-text", id: "item-" + question.id + "-" + itemId }, texts[itemId]));
          var buttons = el("span", { "class": "move-buttons" }, [
            button("move-up", itemId, position, -1),
            button("move-down", itemId, position, 1)
          ]);
          item.appendChild(buttons);
          list.appendChild(item);
        });
      }
      render();
      return {
        node: wrapper,
        response: function () { return order.slice(); },
        disable: function () {
          disabled = true;
          render();
        }
      };
    },
    encode: function (_question, response) {
      return response.join("+");
    },
    decode: function (question, token) {
      var parts = token.split("+");
      return parts.slice().sort().join("+") === itemIds(question).sort().join("+") ? parts : null;
    },
    grade: function (question, response, grader) {
      var order = response || [];
      var expected = question.correct;
      if (order.slice().sort().join("\n") !== expected.slice().sort().join("\n") || order.length !== expected.length) {
        return grader.WRONG; // not a permutation of the items
      }
      var placed = order.filter(function (id, index) { return id === expected[index]; }).length;
      return grader.share(placed, expected.length, question.partialCredit);
    },
    answerTerms: function (question, response) {
      return [orderTerm(question, response, "chosen")];
    },
    correctTerms: function (question) {
      return [orderTerm(question, question.correct, "correct")];
    },
    interaction: function (question, scorm) {
      var items = itemIds(question);
      return {
        type: "sequencing",
        patterns: [scorm.letters(items, question.correct)],
        response: function (response) { return scorm.letters(items, response); }
      };
    }
  };

  /**
   * @param {FillInBlanksQuestionView} question
   * @param {Record<string, Array<Segments | string>>} values  the text chosen or typed, per blank; the
   *   right answer of a typed blank is every answer it accepts, "/" between them, as a short answer's
   *   review lists every accepted answer
   * @param {string} className
   */
  function blanksTerm(question, values, className) {
    var term = inQuestion("dd", question, { "class": className + " blanks-text" });
    question.text.forEach(function (part) {
      if (part[0] === "text") {
        fill(term, part[1]);
        return;
      }
      var alternatives = (values[part[1]] || []).filter(function (value) { return value !== ""; });
      var shown = inQuestion("span", question, { "class": "filled" });
      if (!alternatives.length) {
        shown.appendChild(document.createTextNode("…"));
      }
      alternatives.forEach(function (value, index) {
        // One answer fills the blank itself; each of several has its own element (and, on a page made
        // for screenshots, its own key).
        var holder = alternatives.length > 1 ? inQuestion("span", question, {}) : shown;
        if (index) {
          shown.appendChild(document.createTextNode(" / "));
        }
        if (Array.isArray(value)) {
          fill(holder, value);
        } else {
          holder.appendChild(document.createTextNode(value));
        }
        if (holder !== shown) {
          shown.appendChild(holder);
        }
      });
      term.appendChild(shown);
    });
    return term;
  }

  /**
   * SCORM's fill-in response of the blanks: "id=value" per blank filled.
   * @param {FillInBlanksQuestionView} question
   * @param {Record<string, string>} filled
   */
  function blanksOf(question, filled) {
    return Object.keys(question.blanks).filter(function (id) { return filled[id]; }).map(function (id) {
      return id + "=" + filled[id];
    }).join(",");
  }

  /** @type {Kind<FillInBlanksQuestionView, Record<string, string>>} */
  var fillInBlanks = {
    hint: "fill-blanks",
    graded: true,
    control: function (question) {
      var paragraph = inQuestion("p", question, { "class": "blanks-text" });
      /** @type {Record<string, HTMLInputElement | HTMLSelectElement>} */
      var fields = {};
      var number = 0;
      question.text.forEach(function (part) {
        if (part[0] === "text") {
          fill(paragraph, part[1]);
          return;
        }
        number += 1;
        var blankId = part[1];
        var blank = question.blanks[blankId];
        var label = messageText("blank-label", { number: number });
        /** @type {HTMLInputElement | HTMLSelectElement} */
        var field;
        if (blank.kind === "choice") {
          field = selectOf(question, blank.options, "choose-option", { "aria-label": label, "data-blank": blankId });
        } else {
          field = inQuestion("input", question, { type: "text", size: "12", autocomplete: "off", spellcheck: "false", "aria-label": label, "data-blank": blankId });
          field.setAttribute("dir", question.typedDir);
        }
        field.classList.add("blank");
        markSpoken(field, "blank-label");
        fields[blankId] = field;
        paragraph.appendChild(field);
      });
      return {
        node: paragraph,
        response: function () {
          /** @type {Record<string, string>} */
          var filled = {};
          Object.keys(fields).forEach(function (blankId) {
            if (fields[blankId].value !== "") {
              filled[blankId] = fields[blankId].value;
            }
          });
          return Object.keys(filled).length ? filled : null;
        }
      };
    },
    encode: function (question, response) {
      return Object.keys(question.blanks).filter(function (id) { return response[id]; }).map(function (id) {
        return id + ":" + encodeText(response[id]);
      }).join("+");
    },
    decode: function (question, token) {
      /** @type {Record<string, string>} */
      var filled = {};
      token.split("+").forEach(function (part) {
        var at = part.indexOf(":");
        var id = part.slice(0, at);
        var value = decodeText(part.slice(at + 1));
        var blank = question.blanks[id];
        if (at > 0 && blank && value) {
          if (blank.kind === "typed" || blank.options.some(function (option) { return option.id === value; })) {
            filled[id] = value;
          }
        }
      });
      return Object.keys(filled).length ? filled : null;
    },
    grade: function (question, response, grader) {
      var filled = response || {};
      var ids = Object.keys(question.blanks);
      var good = ids.filter(function (id) {
        var blank = question.blanks[id];
        var given = Object.prototype.hasOwnProperty.call(filled, id) ? filled[id] : "";
        return blank.kind === "choice" ? given === blank.correct : grader.accepts(blank.accepted, given, blank.caseSensitive);
      }).length;
      return grader.share(good, ids.length, question.partialCredit);
    },
    answerTerms: function (question, response) {
      /** @type {Record<string, Array<Segments | string>>} */
      var values = {};
      Object.keys(response).forEach(function (blankId) {
        var blank = question.blanks[blankId];
        values[blankId] = [blank.kind === "choice"
          ? blank.options.filter(function (option) { return option.id === response[blankId]; })[0].text
          : response[blankId]];
      });
      return [blanksTerm(question, values, "chosen")];
    },
    correctTerms: function (question) {
      /** @type {Record<string, Array<Segments | string>>} */
      var values = {};
      Object.keys(question.blanks).forEach(function (blankId) {
        var blank = question.blanks[blankId];
        values[blankId] = blank.kind === "choice"
          ? [blank.options.filter(function (option) { return option.id === /** @type {{ correct: string }} */ (blank).correct; })[0].text]
          : blank.shown;
      });
      return [blanksTerm(question, values, "correct")];
    },
    interaction: function (question, scorm) {
      /** @type {Record<string, string>} */
      var single = {};
      var one = Object.keys(question.blanks).every(function (id) {
        var blank = question.blanks[id];
        single[id] = blank.kind === "choice" ? blank.correct : blank.accepted[0];
        return blank.kind === "choice" || blank.accepted.length === 1;
      });
      var pattern = one ? blanksOf(question, single) : null;
      return {
        type: "fill-in",
        patterns: pattern !== null && scorm.fits(pattern) ? [pattern] : [],
        response: function (response) { return scorm.clip(blanksOf(question, response)); }
      };
    }
  };

  // Not graded: the answer is submitted, and the review shows the model answer where there is one.
  /** @type {Kind<EssayQuestionView, string>} */
  var essay = Object.assign({}, typed, {
    hint: "write-answer",
    graded: false,
    /** @param {EssayQuestionView} question */
    control: function (question) {
      return typedControl(question, "textarea", { rows: "6" });
    },
    grade: function () {
      return null;
    },
    /** @param {EssayQuestionView} question */
    correctTerms: function (question) {
      return question.modelAnswer
        ? [inQuestion("dd", question, { "class": "correct model-answer" }, question.modelAnswer)]
        : [];
    },
    /**
     * @param {EssayQuestionView} _question
     * @param {ScormTools} scorm
     */
    interaction: function (_question, scorm) {
      return { type: "fill-in", patterns: [], response: scorm.clip };
    }
  });

  /** @type {Record<QuestionView["type"], Kind<any, any>>} */
  var kinds = {
    single_choice: choiceKind("choose-one"),
    true_false: trueFalse,
    multiple_choice: choiceKind("choose-all"),
    short_answer: shortAnswer,
    numeric: numeric,
    matching: matching,
    ordering: ordering,
    fill_in_blanks: fillInBlanks,
    essay: essay
  };

  /**
   * The entry of a question's kind.
   * @param {QuestionView} question
   * @returns {Kind<any, any>}
   */
  return function kindOf(question) {
    return kinds[question.type];
  };
};
