"""``--scheduler``: generate and verify on a local Dask cluster (a scheduler and two worker
processes) give the output of ``--jobs 1``, also when a worker is killed mid-run or the
client is interrupted and resumed; without Dask the command says how to install it."""

from __future__ import annotations

import json
import os
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest
from support.mining import (
    ARGS,
    GAMES,
    TASK_ARGS,
    Mining,
    before_each_answer,
    interrupt_at,
    small_tasks,
)

import puzzles.generate_run as gr
from puzzles.io import read_puzzles
from solver.cli import main

distributed = pytest.importorskip("distributed")

BUNDLED = Path(__file__).resolve().parents[2] / "puzzles" / "data"


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    )
    try:
        yield cluster.scheduler_address
    finally:
        cluster.close()


def generate(out: Path, mining_db: Path, scheduler: str, *extra: str) -> int:
    argv = ["generate", str(out), "--games", str(mining_db), *ARGS, "--scheduler", scheduler]
    return main([*argv, *extra])


def test_generate_on_a_cluster_gives_the_one_process_output(
    tmp_path: Path,
    mining: Mining,
    scheduler: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    out = tmp_path / "out.renju"
    small_tasks(monkeypatch, 0.05)
    assert generate(out, mining.db, scheduler) == 0
    assert out.read_text(encoding="utf-8") == mining.expected
    err = capsys.readouterr().err
    assert f"renju: Dask scheduler {scheduler}, 2 worker threads" in err


def test_a_worker_killed_mid_run_changes_nothing(
    tmp_path: Path,
    mining: Mining,
    scheduler: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    client = distributed.Client(scheduler, set_as_default=False)
    killed: list[int] = []

    def kill(n: int) -> None:
        busy = {w: keys for w, keys in client.processing().items() if keys}
        if not killed and busy:  # at the first answer with tasks running: kill their worker
            worker = sorted(busy)[0]
            pid = client.run(os.getpid, workers=[worker])[worker]
            os.kill(pid, signal.SIGKILL)
            killed.append(pid)

    before_each_answer(monkeypatch, kill)
    small_tasks(monkeypatch, 0.3)
    out = tmp_path / "out.renju"
    try:
        assert generate(out, mining.db, scheduler) == 0
        assert killed
        assert out.read_text(encoding="utf-8") == mining.expected
        client.wait_for_workers(2, timeout=30)  # (the nanny starts another one)
    finally:
        client.close()


def test_point_tasks_on_a_cluster_give_the_one_process_output(
    tmp_path: Path, mining_db: Path, scheduler: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    small_tasks(monkeypatch, 0.05)
    texts = []
    for how in (["--jobs", "1"], ["--scheduler", scheduler]):
        out = tmp_path / f"{how[0][2:]}.renju"
        argv = ["generate", str(out), "--games", str(mining_db), "--kind", "points:four"]
        assert main([*argv, *TASK_ARGS, *how]) == 0
        texts.append(out.read_text(encoding="utf-8"))
    assert texts[0] == texts[1]
    found = read_puzzles(tmp_path / "scheduler.renju").puzzles
    assert len(found) >= 10
    for n, p in enumerate(found, 1):
        assert p.kind == "points:four" and p.answer and 1 <= len(p.answer) <= 6
        assert p.id == f"t-four-{len(p.answer)}-{n:03d}" and p.rating is not None


def test_an_interrupted_client_resumes_to_the_same_output(
    tmp_path: Path,
    mining: Mining,
    scheduler: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    small_tasks(monkeypatch, 0.05)
    before_each_answer(monkeypatch, interrupt_at(3))
    out = tmp_path / "out.renju"
    assert generate(out, mining.db, scheduler) == 130
    progress = json.loads(gr.progress_path(out).read_text(encoding="utf-8"))
    assert 0 < progress["lines"] < len(GAMES)
    before_each_answer(monkeypatch, lambda n: None)
    assert generate(out, mining.db, scheduler, "--resume") == 0
    assert out.read_text(encoding="utf-8") == mining.expected


def test_verify_on_a_cluster_gives_the_one_process_report(
    tmp_path: Path, scheduler: str, capsys: pytest.CaptureFixture[str]
) -> None:
    books = [str(BUNDLED / "vcf-easy.renju"), str(BUNDLED / "starter.renju")]
    reports = []
    lines = []
    for how in (["--jobs", "1"], ["--scheduler", scheduler]):
        report = tmp_path / f"{how[0][2:]}.json"
        code = main(["verify", *books, "--time", "30", "--json", str(report), *how])
        out = capsys.readouterr().out.splitlines()
        lines.append([line.split(" (")[0] for line in out if not line.startswith("  time ")])
        data = json.loads(report.read_text(encoding="utf-8"))
        assert data["summary"]["jobs"] == (2 if how[0] == "--scheduler" else 1)
        entries = data["puzzles"]
        reports.append([{k: v for k, v in e.items() if k != "seconds"} for e in entries])
        assert code in (0, 1)
    assert len(reports[0]) == 47
    assert reports[0] == reports[1]
    assert lines[0] == lines[1]


def test_without_dask_the_command_says_how_to_install_it(
    tmp_path: Path,
    mining_db: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setitem(__import__("sys").modules, "distributed", None)
    assert generate(tmp_path / "o.renju", mining_db, "tcp://127.0.0.1:1") == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert 'not installed: pip install "renju-tsume[cluster]"' in err
    assert not (tmp_path / "o.renju").exists()


def test_a_bad_scheduler_address_is_one_line_of_bad_input(
    tmp_path: Path, mining: Mining, capsys: pytest.CaptureFixture[str]
) -> None:
    assert generate(tmp_path / "o.renju", mining.db, "bogus://x:1") == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith("renju: error: not a Dask scheduler address: 'bogus://x:1' (tcp://")
    assert main(["generate", str(tmp_path / "o.renju"), "-j", "2", "--scheduler", "x:1"]) == 2
    assert "--jobs is for this machine, --scheduler for a Dask cluster" in capsys.readouterr().err
