"""What vulture cannot see being used in ``toolkit/``, with the reason (tests/test_dead_code.py).

vulture counts a name as used when some code of toolkit/ names it. What pyproject.toml registers (the
console script, the Babel extractor, the exporters, checks and locale packs) and the click commands are
known to the test already; this file lists the rest. Entries are real references, so importing this
module fails on a name that no longer exists, and the test fails on an entry vulture no longer needs.
"""

from __future__ import annotations

import zipfile

import toolkit.content
from toolkit.content import glossary, schema_validation
from toolkit.exporters.player import assets as player_assets
from toolkit.gettext import line_break_table, line_breaking
from toolkit.importing import markup_reduction
from toolkit.interchange import xliff_document as xliff
from toolkit.model import Level
from toolkit.preview import server

# Reached by name from outside toolkit/: a framework calls or reads them, or a lookup builds the name.
REACHED_BY_NAME = (
    # Python calls a module's __getattr__ for a name it lacks (the package's lazy exports).
    toolkit.content.__getattr__,
    # _Translator.translate looks its handler up as getattr(self, f"_{keyword}"), one per JSON Schema keyword.
    schema_validation._Translator._additionalProperties,
    schema_validation._Translator._unevaluatedProperties,
    schema_validation._Translator._required,
    schema_validation._Translator._type,
    schema_validation._Translator._enum,
    schema_validation._Translator._maxLength,
    schema_validation._Translator._minLength,
    schema_validation._Translator._minItems,
    schema_validation._Translator._maxItems,
    schema_validation._Translator._uniqueItems,
    schema_validation._Translator._propertyNames,
    schema_validation._Translator._oneOf,
    schema_validation._Translator._anyOf,
    # http.server and socketserver read these settings and call these hooks of the preview server.
    server.PreviewServer.daemon_threads,
    server.PreviewServer.block_on_close,
    server.PreviewServer.handle_error,
    server._Handler.server_version,
    server._Handler.log_message,
    server._Handler.do_HEAD,
    server._Handler.do_GET,
    server._Handler.do_POST,
    server._Handler.do_OPTIONS,
    server.PreviewServer.address_family,
    # html.parser.HTMLParser calls these hooks of a parser by name as it reads.
    markup_reduction._Reducer.handle_startendtag,
    markup_reduction._Reducer.handle_data,
    # zipfile writes these fields of every archive member (fixed, so that packages are reproducible).
    zipfile.ZipInfo.compress_type,
    zipfile.ZipInfo.create_system,
    # Enum members reached by their value (Level("beginner"), Gender("feminine")) when YAML is read.
    Level.ADVANCED,
    Level.BEGINNER,
    glossary.Gender.MASCULINE,
    glossary.Gender.FEMININE,
    # libunistring's LBP_* numbering: one tuple unpacking names every class, so each gets its number.
    line_breaking.WJ,
    line_breaking.GL,
    line_breaking.B2,
    line_breaking.BB,
    line_breaking.CL,
    line_breaking.CP1,
    line_breaking.CP2,
    line_breaking.EX,
    line_breaking.IN,
    line_breaking.NS,
    line_breaking.OP1,
    line_breaking.OP2,
    line_breaking.QU,
    line_breaking.IS,
    line_breaking.NU,
    line_breaking.PO,
    line_breaking.PR,
    line_breaking.SY,
    line_breaking.H2,
    line_breaking.H3,
    line_breaking.ID2,
    line_breaking.JL,
    line_breaking.JV,
    line_breaking.JT,
    line_breaking.EB,
    line_breaking.EM,
    # The generated table's provenance, written by scripts/generate_line_break_table.py for the reader.
    line_break_table.LIBUNISTRING_VERSION,
    line_break_table.UNICODE_VERSION,
)

# Seams the tests reach and toolkit/ does not: each is what a test compares with its oracle or resets.
REACHED_ONLY_FROM_TESTS = (
    xliff.apply_units,  # tests/interchange/test_xliff_review.py: one XLIFF document applied to a catalog
    player_assets.forget_assets,  # tests/build/test_build.py: the shipped player files read again
    line_breaking.possible_breaks,  # tests/gettext/test_line_breaking.py: against GNU libunistring
)

# Parameters and instance attributes, which no import can name: (file, name) -> why they stay.
NAMES_IN_FILES = {
    ("toolkit/catalogs/babel_extractor.py", "comment_tags"): "Babel's extractor signature",
    ("toolkit/content/glossary.py", "indentless"): "PyYAML passes it to increase_indent by keyword",
    ("toolkit/importing/bank_writing.py", "indentless"): "PyYAML passes it to increase_indent by keyword",
    (
        "toolkit/cli/glossary_commands.py",
        "file_format",
    ): "glossary export --format: tbx is its only choice today",
    ("toolkit/preview/server.py", "close_connection"): "BaseHTTPRequestHandler reads it after each request",
    ("toolkit/preview/server.py", "_headers_buffer"): "BaseHTTPRequestHandler's unsent header lines",
}
