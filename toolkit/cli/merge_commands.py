"""``quizkit merge``: msgmerge --previous's drop-in, key-aware, for any gettext catalog."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from toolkit.cli.error_report import reported_errors


def _describe(summary: object) -> str:
    from toolkit.cli.catalogs import merge_changes
    from toolkit.gettext.merge import MergeSummary

    assert isinstance(summary, MergeSummary)
    return ", ".join([f"{summary.kept} kept", *merge_changes(summary)])


@click.command(name="merge")
@click.argument("old", type=click.Path(path_type=Path))
@click.argument("template", type=click.Path(path_type=Path))
@click.option(
    "--output-file",
    "-o",
    "output",
    required=True,
    type=click.Path(path_type=Path, allow_dash=True),
    help="The merged catalog (written atomically; - for standard output).",
)
@click.option(
    "--keys/--no-keys",
    default=None,
    help="Take msgctxt as each entry's stable key, or match by msgctxt and msgid as msgmerge does "
    "(default: keys when every template entry has a distinct quizkit key as msgctxt).",
)
def merge_command(old: Path, template: Path, output: Path, keys: bool | None) -> None:
    """Merge TEMPLATE (.pot) into the catalog OLD, as msgmerge --previous does, into --output-file.

    Unchanged entries keep their translations; a changed source keeps its translation as fuzzy, with
    the previous text as #| lines; removed entries become obsolete (#~) and come back when they return.
    Catalogs keyed by msgctxt (quizkit's) are matched by key; others by msgctxt and msgid, then by
    similar text exactly as msgmerge chooses. No translation is dropped; OLD changes only if -o names it.
    """
    from toolkit.catalogs.file_merge import merge_files
    from toolkit.cli.output import relative
    from toolkit.files import write_bytes_atomic

    with reported_errors():
        merged = merge_files(old, template, keyed=keys)
        if str(output) == "-":
            sys.stdout.buffer.write(merged.data)
            sys.stdout.buffer.flush()
        else:
            write_bytes_atomic(output, merged.data, durable=True)
    by = "by key" if merged.keyed else "by msgctxt and msgid"
    click.echo(
        f"{'-' if str(output) == '-' else relative(output)}: {_describe(merged.summary)} (matched {by})",
        err=str(output) == "-",
    )
