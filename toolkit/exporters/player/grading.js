// quizkit grading: a port of toolkit/localization/grading.py (the reference grader) to the browser: how
// answers are compared and numbers read, and scores as exact fractions [numerator, denominator], as the
// library's Fraction. Each kind's grade is its entry's (kinds.js), made of these. The character data it
// needs comes from Python in the page (toolkit/exporters/player/player_grading.py), so the port compares
// and parses exactly as the library does; tests grade the shared cases with both.
// @ts-check
/* exported quizkitGrading */
var quizkitGrading = (function () {
  "use strict";

  var HEH = "\u0647";
  var HEH_GOAL = "\u06c1";
  var HEH_DOACHASHMEE = "\u06be";
  var FARSI_YEH = "\u06cc";
  var YEH_HAMZA = "\u0626";
  var HAMZA_ABOVE = "\u0654";
  var TATWEEL = "\u0640";
  var ZWNJ = "\u200c";
  var URDU_FULL_STOP = "\u06d4";
  var URDU_PUNCTUATION = ["\u06d4", "\u060c", "\u061f", "\u061b"];
  var DIGITS = "[0-9\u06f0-\u06f9\u0660-\u0669]";

  /**
   * @param {number} a
   * @param {number} b
   * @returns {number}
   */
  function gcd(a, b) {
    while (b) {
      var t = a % b;
      a = b;
      b = t;
    }
    return a;
  }

  /**
   * @param {number} numerator
   * @param {number} denominator
   * @returns {Fraction}
   */
  function fraction(numerator, denominator) {
    var divisor = gcd(Math.abs(numerator), denominator) || 1;
    return [numerator / divisor, denominator / divisor];
  }

  /**
   * @param {Fraction} a
   * @param {Fraction} b
   * @returns {Fraction}
   */
  function add(a, b) {
    return fraction(a[0] * b[1] + b[0] * a[1], a[1] * b[1]);
  }

  /** @type {Fraction} */
  var RIGHT = [1, 1];
  /** @type {Fraction} */
  var WRONG = [0, 1];

  // Python's str.strip() and str.split(): its whitespace, not JavaScript's.
  /** @param {string} whitespace */
  function whitespaceTools(whitespace) {
    var set = new Set(Array.from(whitespace));
    return {
      /** @param {string} character */
      has: function (character) { return set.has(character); },
      /** @param {string} text */
      split: function (text) {
        var words = [];
        var word = "";
        Array.from(text).forEach(function (character) {
          if (set.has(character)) {
            if (word) {
              words.push(word);
            }
            word = "";
          } else {
            word += character;
          }
        });
        if (word) {
          words.push(word);
        }
        return words;
      },
      /** @param {string} text */
      strip: function (text) {
        var characters = Array.from(text);
        var start = 0;
        var end = characters.length;
        while (start < end && set.has(characters[start])) {
          start++;
        }
        while (end > start && set.has(characters[end - 1])) {
          end--;
        }
        return characters.slice(start, end).join("");
      }
    };
  }

  /** @param {string} text */
  function firstCharacter(text) {
    return text ? Array.from(text)[0] : "";
  }

  /** @param {string} text */
  function lastCharacter(text) {
    var characters = Array.from(text);
    return characters.length ? characters[characters.length - 1] : "";
  }

  // Regular-expression match offsets (UTF-16 units) as code-point offsets, as Python counts them.
  /**
   * @param {string} text
   * @param {string[]} patterns
   * @returns {Array<[number, number]>}
   */
  function spans(text, patterns) {
    /** @type {Array<[number, number]>} */
    var result = [];
    patterns.forEach(function (pattern) {
      var expression = new RegExp(pattern, "gu");
      var match;
      while ((match = expression.exec(text)) !== null) {
        var start = Array.from(text.slice(0, match.index)).length;
        result.push([start, start + Array.from(match[0]).length]);
      }
    });
    return result;
  }

  // toolkit/text/urdu_normalizer.py normalize_urdu(...).text, step for step, with its editor of per-character
  // slots (a slot may hold several characters, or none, after a fix), so that it agrees on every text.
  /**
   * @param {UrduRules} rules
   * @returns {(text: string) => string}
   */
  function urduNormalizer(rules) {
    var letter = new RegExp("^(?:" + rules.letter + ")", "u");
    var letterAnywhere = new RegExp(rules.letter, "u");
    var mark = new RegExp("^(?:" + rules.mark + ")", "u");
    var letterTriggers = new RegExp(rules.letterTriggers, "u");
    var spacingTriggers = new RegExp(rules.spacingTriggers, "u");
    var nonJoining = new Set(rules.nonJoining);
    var bidi = new Set(Array.from(rules.bidiControls));
    var alphanumeric = /^[\p{L}\p{N}]/u;
    var protectedPatterns = [
      "`[^`]*`",
      "https?://" + rules.notSpace + "+|www\\." + rules.notSpace + "+",
      DIGITS + "+(?:[.,:]" + DIGITS + "+)+",
      "[{\\[(][0-9\u06f0-\u06f9\u0660-\u0669 ,.;\u060c-]*" + DIGITS +
        "[0-9\u06f0-\u06f9\u0660-\u0669 ,.;\u060c-]*[}\\])]"
    ];

    /** @param {string} character */
    function isLetter(character) {
      return character !== "" && letter.test(character);
    }

    /** @param {string} character */
    function isMark(character) {
      return character !== "" && mark.test(character);
    }

    /**
     * @param {Record<string, string>} map
     * @param {string} key
     */
    function has(map, key) {
      return Object.prototype.hasOwnProperty.call(map, key);
    }

    /**
     * @constructor
     * @param {string} text
     */
    function Editor(text) {
      this.characters = Array.from(text);
      this.changes = 0;
      var protectedSlots = this.characters.map(function () { return false; });
      spans(text, protectedPatterns).forEach(function (span) {
        for (var index = span[0]; index < span[1]; index++) {
          protectedSlots[index] = true;
        }
      });
      this.protectedSlots = protectedSlots;
    }
    Editor.prototype.text = function () {
      return this.characters.join("");
    };
    /**
     * @param {number} index
     * @param {string} replacement
     */
    Editor.prototype.replace = function (index, replacement) {
      this.changes++;
      this.characters[index] = replacement;
    };
    /**
     * @param {number} index
     * @param {string} [skip]
     */
    Editor.prototype.letterBefore = function (index, skip) {
      for (var position = index - 1; position >= 0; position--) {
        var character = this.characters[position];
        if (character && !isMark(character) && (skip || "").indexOf(character) < 0) {
          return character;
        }
      }
      return "";
    };
    /**
     * @param {number} index
     * @param {string} [skip]
     */
    Editor.prototype.letterAfter = function (index, skip) {
      for (var position = index + 1; position < this.characters.length; position++) {
        var character = this.characters[position];
        if (character && !isMark(character) && (skip || "").indexOf(character) < 0) {
          return character;
        }
      }
      return "";
    };

    /**
     * @param {string[]} characters
     * @param {number} index
     */
    function wordAt(characters, index) {
      var start = index;
      while (start > 0 && (isLetter(characters[start - 1]) || isMark(characters[start - 1]))) {
        start--;
      }
      var end = index + 1;
      while (
        end < characters.length &&
        (isLetter(characters[end]) || isMark(characters[end]) || characters[end] === ZWNJ)
      ) {
        end++;
      }
      return [start, end];
    }

    /**
     * @param {string[]} characters
     * @param {number} index
     */
    function nextNonempty(characters, index) {
      for (var position = index + 1; position < characters.length; position++) {
        if (characters[position]) {
          return firstCharacter(characters[position]);
        }
      }
      return "";
    }

    /**
     * @param {string[]} characters
     * @param {number} index
     */
    function previousNonempty(characters, index) {
      for (var position = index - 1; position >= 0; position--) {
        if (characters[position]) {
          return lastCharacter(characters[position]);
        }
      }
      return "";
    }

    /** @param {Editor} editor */
    function punctuationAndSpacing(editor) {
      if (!editor.changes && !spacingTriggers.test(editor.text())) {
        return;
      }
      var characters = editor.characters;
      var length = characters.length;
      var urduText = letterAnywhere.test(editor.text());
      var index;
      var character;
      for (index = 0; index < length; index++) {
        character = characters[index];
        if (editor.protectedSlots[index] || !character) {
          continue;
        }
        if (has(rules.latinToUrdu, character)) {
          var before = editor.letterBefore(index);
          var after = editor.letterAfter(index);
          var nextCharacter = index + 1 < length ? characters[index + 1] : "";
          var isEllipsis = character === "." && (before === "." || after === ".");
          var endsClause =
            urduText && before !== "" && before !== " " &&
            (nextCharacter === "" || nextCharacter === " " || nextCharacter === "\n");
          if (!isEllipsis && (isLetter(before) || endsClause)) {
            editor.replace(index, rules.latinToUrdu[character]);
          }
        } else if (character === TATWEEL) {
          if (isLetter(editor.letterBefore(index, TATWEEL)) || isLetter(editor.letterAfter(index, TATWEEL))) {
            editor.replace(index, "");
          }
        } else if (bidi.has(character)) {
          editor.replace(index, "");
        } else if (character === ZWNJ) {
          var beforeCharacter = index > 0 ? characters[index - 1] : "";
          var afterCharacter = index + 1 < length ? characters[index + 1] : "";
          var useless =
            !beforeCharacter || !afterCharacter || !isLetter(beforeCharacter) || !isLetter(afterCharacter) ||
            afterCharacter === ZWNJ || nonJoining.has(beforeCharacter);
          if (useless) {
            editor.replace(index, "");
          }
        }
      }
      for (index = 0; index < characters.length; index++) {
        character = characters[index];
        if (!character || editor.protectedSlots[index]) {
          continue;
        }
        if (character === " ") {
          var nextVisible = nextNonempty(characters, index);
          var previousVisible = previousNonempty(characters, index);
          if (URDU_PUNCTUATION.indexOf(nextVisible) >= 0 && isLetter(previousVisible)) {
            editor.replace(index, "");
          } else if (nextVisible === " " || nextVisible === "" || previousVisible === "") {
            editor.replace(index, "");
          }
        } else if (character === URDU_FULL_STOP) {
          var following = nextNonempty(characters, index);
          if (following && (isLetter(following) || alphanumeric.test(following))) {
            editor.replace(index, URDU_FULL_STOP + " ");
          }
        }
      }
    }

    /** @param {string} text */
    function once(text) {
      text = text.normalize("NFC");
      var editor = new Editor(text);
      var characters = editor.characters;
      var letters = letterTriggers.test(text) ? characters.slice() : [];
      letters.forEach(function (character, index) {
        if (editor.protectedSlots[index]) {
          return;
        }
        var code = /** @type {number} */ (character.codePointAt(0));
        if ((code >= 0xfb50 && code <= 0xfdff) || (code >= 0xfe70 && code <= 0xfefc)) {
          editor.replace(index, character.normalize("NFKC"));
        } else if (has(rules.letters, character)) {
          editor.replace(index, rules.letters[character]);
        } else if (character === HAMZA_ABOVE && index > 0 && characters[index - 1] === FARSI_YEH) {
          editor.replace(index - 1, YEH_HAMZA);
          editor.replace(index, "");
        }
      });
      // Heh needs the corrected neighbours, so it runs after the letter fixes. A fix may have grown a
      // slot (a ligature) or emptied one (yeh and hamza joined): each position of the corrected text is
      // mapped back to its slot and its place in it, as the library does.
      var current = Array.from(editor.text());
      if (current.indexOf(HEH) >= 0) {
        /** @type {Array<[number, number]>} */
        var places = [];
        editor.characters.forEach(function (content, slot) {
          Array.from(content).forEach(function (_, offset) {
            places.push([slot, offset]);
          });
        });
        current.forEach(function (character, index) {
          var slot = places[index][0];
          var offset = places[index][1];
          if (character !== HEH || editor.protectedSlots[slot]) {
            return;
          }
          var word = wordAt(current, index);
          var following = index + 1 < current.length ? current[index + 1] : "";
          var atWordEnd = !(following && (isLetter(following) || isMark(following)));
          if (atWordEnd) {
            var whole = current.slice(word[0], word[1]).join("");
            var content = Array.from(editor.characters[slot]);
            content[offset] = has(rules.finalDoachashmee, whole) ? HEH_DOACHASHMEE : HEH_GOAL;
            editor.replace(slot, content.join(""));
          }
        });
      }
      punctuationAndSpacing(editor);
      return editor.text().normalize("NFC");
    }

    return function (text) {
      var result = once(text);
      if (result === text) {
        return result;
      }
      for (var pass = 0; pass < 4; pass++) {
        var again = once(result);
        if (again === result) {
          break;
        }
        result = again;
      }
      return result;
    };
  }

  // A decimal as an exact [sign, coefficient, exponent] (BigInt), as Python's Decimal holds it.
  var PLAIN = /^([+-]?)(?:([0-9]+)(?:\.([0-9]*))?|\.([0-9]+))(?:[eE]([+-]?[0-9]+))?$/;

  /**
   * @param {string} plain
   * @returns {Decimal | null}
   */
  function decimal(plain) {
    var match = PLAIN.exec(plain);
    if (!match) {
      return null;
    }
    var whole = match[2] !== undefined ? match[2] : "";
    var fractional = match[2] !== undefined ? match[3] || "" : match[4];
    var digits = (whole + fractional).replace(/^0+(?=.)/, "");
    var exponent = BigInt(match[5] || "0") - BigInt(fractional.length);
    var coefficient = BigInt(digits);
    // Decimal.adjusted(): the exponent of the most significant digit.
    var adjusted = exponent + BigInt(coefficient === 0n ? 1 : digits.length) - 1n;
    if (adjusted > 1000n || adjusted < -1000n) {
      return null; // beyond any quiz's answers, as parse_number
    }
    return { negative: match[1] === "-", coefficient: coefficient, exponent: exponent };
  }

  // A decimal as plain text ("99.6", "-1000"), as Intl.NumberFormat formats a string exactly.
  /**
   * @param {Decimal} number
   * @returns {Intl.StringNumericLiteral}
   */
  function plainText(number) {
    var digits = number.coefficient.toString();
    var exponent = Number(number.exponent);
    if (exponent >= 0) {
      digits = number.coefficient === 0n ? "0" : digits + "0".repeat(exponent);
    } else {
      digits = digits.padStart(-exponent + 1, "0");
      digits = digits.slice(0, exponent) + "." + digits.slice(exponent);
    }
    return /** @type {Intl.StringNumericLiteral} */ ((number.negative ? "-" : "") + digits);
  }

  /**
   * @param {Decimal} number
   * @param {bigint} exponent
   */
  function scaled(number, exponent) {
    var value = number.coefficient * 10n ** (number.exponent - exponent);
    return number.negative ? -value : value;
  }

  /** @param {GradingTables} tables */
  function create(tables) {
    var whitespace = whitespaceTools(tables.whitespace);
    var bidi = new Set(Array.from(tables.bidiControls));
    var casefoldTable = tables.casefold;
    var rules = tables.number;
    var zeros = rules.zeros;
    var urdu = tables.urdu
      ? urduNormalizer(Object.assign({ bidiControls: tables.bidiControls }, tables.urdu))
      : null;

    // str.casefold(), from Python's table: toLowerCase would follow the browser's Unicode version.
    /** @param {string} character */
    function foldOf(character) {
      if (Object.prototype.hasOwnProperty.call(casefoldTable.several, character)) {
        return casefoldTable.several[character];
      }
      var code = /** @type {number} */ (character.codePointAt(0));
      var runs = casefoldTable.runs;
      var low = 0;
      var high = runs.length - 1;
      while (low <= high) {
        var middle = (low + high) >> 1;
        var run = runs[middle];
        if (code < run[0]) {
          high = middle - 1;
        } else if (code > run[1]) {
          low = middle + 1;
        } else {
          return (code - run[0]) % run[2] === 0 ? String.fromCodePoint(code + run[3]) : character;
        }
      }
      return character;
    }

    /** @param {string} text */
    function casefold(text) {
      return Array.from(text).map(foldOf).join("");
    }

    /**
     * @param {string} text
     * @param {boolean} caseSensitive
     */
    function normalizeAnswer(text, caseSensitive) {
      text = text.normalize("NFC");
      text = Array.from(text).filter(function (character) { return !bidi.has(character); }).join("");
      text = whitespace.split(text).join(" ");
      if (urdu) {
        text = urdu(text);
      }
      return caseSensitive ? text : casefold(text);
    }

    /**
     * @param {string[]} accepted
     * @param {string} typed
     * @param {boolean} caseSensitive
     */
    function accepts(accepted, typed, caseSensitive) {
      var wanted = normalizeAnswer(typed, caseSensitive);
      return wanted !== "" && accepted.indexOf(wanted) >= 0;
    }

    /** @param {string} character */
    function digitValue(character) {
      var code = /** @type {number} */ (character.codePointAt(0));
      for (var i = 0; i < zeros.length; i++) {
        if (code >= zeros[i] && code < zeros[i] + 10) {
          return code - zeros[i];
        }
      }
      return null;
    }

    // toolkit/text/numbers.py: _readings, _read, _characters, read_number and parse_number, rule for rule.
    var spaceGroups = rules.groupIsSpace ? Array.from(rules.spaces) : [];

    /**
     * @param {string} decimalSeparator
     * @param {string} groupSeparator
     * @returns {Reading}
     */
    function reading(decimalSeparator, groupSeparator) {
      return {
        decimal: new Set([decimalSeparator, rules.arabicDecimal]),
        group: new Set([groupSeparator, rules.arabicGroup].concat(spaceGroups))
      };
    }

    /**
     * @param {Set<string>} a
     * @param {Set<string>} b
     */
    function sameSet(a, b) {
      return a.size === b.size && Array.from(a).every(function (item) { return b.has(item); });
    }

    var ownReading = reading(rules.decimal, rules.group);
    var otherReadings = [reading(".", ","), reading(",", ".")].filter(function (other) {
      return !(sameSet(other.decimal, ownReading.decimal) && sameSet(other.group, ownReading.group));
    });

    /** @param {string} character */
    function isDigit(character) {
      return character >= "0" && character <= "9";
    }

    /**
     * @param {string[]} characters
     * @param {Reading} way
     */
    function readAs(characters, way) {
      var plain = [];
      for (var index = 0; index < characters.length; index++) {
        var character = characters[index];
        if (way.decimal.has(character)) {
          plain.push(".");
        } else if (way.group.has(character)) {
          var last = plain.length ? plain[plain.length - 1] : "";
          if (!isDigit(last) || plain.indexOf(".") >= 0 || plain.indexOf("e") >= 0 || plain.indexOf("E") >= 0) {
            return null;
          }
          var digits = 0;
          while (index + 1 + digits < characters.length && isDigit(characters[index + 1 + digits])) {
            digits++;
          }
          var following = index + 1 + digits < characters.length ? characters[index + 1 + digits] : null;
          var endsWhole = following === null || way.decimal.has(following) || following === "e" || following === "E";
          var groupFollows = following !== null && way.group.has(following);
          if (!((digits === 3 && (endsWhole || groupFollows)) || (digits === 2 && groupFollows))) {
            return null;
          }
        } else if (isDigit(character) || "+-eE".indexOf(character) >= 0) {
          plain.push(character);
        } else {
          return null; // a separator this reading has no use for
        }
      }
      return decimal(plain.join(""));
    }

    /** @param {string} text */
    function numberCharacters(text) {
      var characters = [];
      var all = Array.from(whitespace.strip(text.normalize("NFKC")));
      for (var i = 0; i < all.length; i++) {
        var character = all[i];
        if (bidi.has(character)) {
          continue; // right-to-left input often carries marks around a number
        }
        var digit = digitValue(character);
        if (digit !== null) {
          characters.push(String(digit));
        } else if (rules.minusSigns.indexOf(character) >= 0) {
          characters.push("-");
        } else if (
          ownReading.decimal.has(character) || ownReading.group.has(character) ||
          character === "." || character === "," || "+eE".indexOf(character) >= 0
        ) {
          characters.push(character);
        } else {
          return null;
        }
      }
      return characters;
    }

    /**
     * @param {Decimal} a
     * @param {Decimal} b
     */
    function equal(a, b) {
      var exponent = a.exponent < b.exponent ? a.exponent : b.exponent;
      return scaled(a, exponent) === scaled(b, exponent);
    }

    // {value, otherwise}: the number as graded, and what the other convention reads the same text as,
    // where that differs ("1.000" on a German page: 1000, or 1); null when the text is no number.
    /**
     * @param {string} text
     * @returns {TypedNumber | null}
     */
    function readNumber(text) {
      var characters = numberCharacters(text);
      if (characters === null) {
        return null;
      }
      var read = characters;
      var value = readAs(read, ownReading);
      /** @type {Decimal[]} */
      var alternatives = [];
      otherReadings.forEach(function (way) {
        var number = readAs(read, way);
        if (number !== null && !alternatives.some(function (seen) { return equal(seen, /** @type {Decimal} */ (number)); })) {
          alternatives.push(number);
        }
      });
      if (value !== null) {
        var own = value;
        var different = alternatives.filter(function (number) { return !equal(number, own); });
        different.sort(function (a, b) {
          var exponent = a.exponent < b.exponent ? a.exponent : b.exponent;
          var difference = scaled(a, exponent) - scaled(b, exponent);
          return difference < 0n ? -1 : difference > 0n ? 1 : 0;
        });
        return { value: value, otherwise: different.length ? different[0] : null, own: true };
      }
      return alternatives.length === 1 ? { value: alternatives[0], otherwise: null, own: false } : null;
    }

    /** @param {string} text */
    function parseNumber(text) {
      var typed = readNumber(text);
      return typed === null ? null : typed.value;
    }

    /**
     * @param {string} typed
     * @param {string} answer
     * @param {string} tolerance
     */
    function withinTolerance(typed, answer, tolerance) {
      var number = parseNumber(typed);
      if (number === null) {
        return false;
      }
      // The answer and its tolerance are the library's own decimals (checked when the quiz was loaded).
      var expected = /** @type {Decimal} */ (decimal(answer));
      var allowed = /** @type {Decimal} */ (decimal(tolerance));
      var exponent = [number.exponent, expected.exponent, allowed.exponent].reduce(function (a, b) {
        return a < b ? a : b;
      });
      var difference = scaled(number, exponent) - scaled(expected, exponent);
      if (difference < 0n) {
        difference = -difference;
      }
      return difference <= scaled(allowed, exponent);
    }

    /**
     * @param {number} right
     * @param {number} total
     * @param {boolean | undefined} partialCredit
     */
    function share(right, total, partialCredit) {
      if (total === 0) {
        return WRONG;
      }
      if (right === total) {
        return RIGHT;
      }
      return partialCredit ? fraction(right, total) : WRONG;
    }

    // What each kind's grading (its entry in kinds.js, as grading.py grades it) is made of, and the
    // comparison and number reading the library's tests hold this port to.
    return {
      accepts: accepts,
      withinTolerance: withinTolerance,
      share: share,
      fraction: fraction,
      RIGHT: RIGHT,
      WRONG: WRONG,
      normalizeAnswer: normalizeAnswer,
      parseNumber: parseNumber,
      readNumber: readNumber,
      plainText: plainText,
      casefold: casefold,
      add: add
    };
  }

  return { create: create, add: add, RIGHT: RIGHT, WRONG: WRONG };
})();
if (typeof module !== "undefined" && module.exports) {
  module.exports = quizkitGrading;
}
