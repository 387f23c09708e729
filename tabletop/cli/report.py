"""``tabletop report``: win rates with confidence intervals, score statistics, plots, HTML."""

from __future__ import annotations

from pathlib import Path

import click

from tabletop.analysis.batch import RunError
from tabletop.analysis.report import analyse, format_text, load_records, results_path, write_html, write_plots


@click.command()
@click.argument("results", type=click.Path(exists=True))
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default=None,
              help="where to write the PNGs and report.html  [default: RESULTS_DIR/report]")
@click.option("--no-plots", is_flag=True, help="print the tables only")
def report(results: str, out_dir: str | None, no_plots: bool) -> None:
    """Analyse a run written by `tabletop simulate --out` (its directory or results.jsonl)."""
    try:
        run, records, partial = load_records(results)
        rep = analyse(records, source=results, run=run)
    except RunError as exc:
        raise click.ClickException(str(exc)) from None
    rep.skipped_partial_line = partial
    click.echo(format_text(rep))
    if no_plots:
        return
    target = Path(out_dir) if out_dir else results_path(results).parent / "report"
    try:
        plots = write_plots(rep, target)
    except ImportError:
        plots = {}
        click.echo("\nmatplotlib is not installed: no plots (pip install matplotlib)", err=True)
    page = write_html(rep, plots, target / "report.html")
    click.echo(f"\nwrote {page}" + "".join(f"\n      {p}" for p in plots.values()))
