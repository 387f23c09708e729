"""``tabletop report``: win rates with confidence intervals, score statistics, plots, HTML;
with several runs, also one comparison table and figure (a variant or module study)."""

from __future__ import annotations

from pathlib import Path

import click

from tabletop.analysis.batch import RunError
from tabletop.analysis.compare_runs import format_comparison, source_label, write_comparison_plot
from tabletop.analysis.paired import format_paired, load_for_pairing, pair_runs
from tabletop.analysis.report import (
    Report,
    analyse,
    format_text,
    load_records,
    results_path,
    write_html,
    write_plots,
)


def _load(results: str) -> Report:
    try:
        run, records, partial = load_records(results)
        rep = analyse(records, source=results, run=run)
    except RunError as exc:
        raise click.ClickException(str(exc)) from None
    rep.skipped_partial_line = partial
    return rep


def _write(rep: Report, target: Path) -> list[Path]:
    try:
        plots = write_plots(rep, target)
    except ImportError:
        plots = {}
        click.echo("\nmatplotlib is not installed: no plots (pip install matplotlib)", err=True)
    return [write_html(rep, plots, target / "report.html"), *plots.values()]


@click.command()
@click.argument("results", nargs=-1, required=True, type=click.Path(exists=True))
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default=None,
              help="where to write the PNGs and report.html  [default: RESULTS_DIR/report]; with several "
                   "runs, where the comparison goes [default: ./report-comparison]")
@click.option("--no-plots", is_flag=True, help="print the tables only")
@click.option("--each", is_flag=True, help="with several runs, also print every run's full tables")
@click.option("--paired", is_flag=True,
              help="with two runs of the same --seed (simulate runs, or ladder journals FILE.games.jsonl): "
                   "compare them deal by deal at the seats whose bot "
                   "differs (score, margin over the best other seat, win share; B - A with 95% CIs)")
def report(results: tuple[str, ...], out_dir: str | None, no_plots: bool, each: bool, paired: bool) -> None:
    """Analyse runs written by `tabletop simulate --out` (their directories or results.jsonl).

    With one run: its tables, plots and an HTML page. With several: each run's report is
    written next to its results, and one table and figure compare the runs. With two and
    --paired: the games both played on the same deal, compared one by one."""
    if paired:
        if len(results) != 2:
            raise click.UsageError(f"--paired compares two runs, A and B; {len(results)} given")
        try:
            a, b = (load_for_pairing(r) for r in results)
            labels = [source_label(r) for r in results]
            if labels[0] == labels[1]:
                labels = list(results)
            click.echo(format_paired(pair_runs(a, b, *labels)))
        except RunError as exc:
            raise click.ClickException(str(exc)) from None
        return
    reps = [_load(r) for r in results]
    if len(reps) == 1:
        rep = reps[0]
        click.echo(format_text(rep))
        if no_plots:
            return
        target = Path(out_dir) if out_dir else results_path(results[0]).parent / "report"
        page, *pngs = _write(rep, target)
        click.echo(f"\nwrote {page}" + "".join(f"\n      {p}" for p in pngs))
        return
    for rep in reps:
        click.echo(format_text(rep) if each else rep.source)
        if each:
            click.echo("")
    click.echo("\n" + format_comparison(reps))
    if no_plots:
        return
    for res, rep in zip(results, reps):
        _write(rep, results_path(res).parent / "report")
    target = Path(out_dir) if out_dir else Path("report-comparison")
    try:
        fig = write_comparison_plot(reps, target / "comparison.png")
    except ImportError:
        click.echo("\nmatplotlib is not installed: no plots (pip install matplotlib)", err=True)
        return
    click.echo(f"\nwrote {fig}\n      and each run's report in RUN/report/")
