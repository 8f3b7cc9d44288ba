"""The lab on a real Dask cluster on the loopback: a scheduler and two workers started as
processes, the same rows as a local run, a worker killed mid-run without changing them, and the
errors a user meets (no scheduler, no dask, another xqchess version) in one line."""

from __future__ import annotations

import csv
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("distributed")

from xqchess.cli import lab  # noqa: E402
from xqchess.cli.lab import runners as lab_runners  # noqa: E402
from xqchess.cli.main import main  # noqa: E402

#: columns that measure time, which differs from run to run
TIMED = {"avg_time_ms", "us_per_node"}
MATRIX = dict(depths=[2], specs=["mvvlva", "none"], positions=4)
STARTUP_TIMEOUT = 60


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def dask(*args: str) -> subprocess.Popen:
    """A `dask` command in its own process group (a worker is a nanny and its child)."""
    return subprocess.Popen(
        [sys.executable, "-m", "dask", *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )


def stop(process: subprocess.Popen) -> None:
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    process.wait(timeout=30)


@pytest.fixture
def cluster():
    """(address, [worker processes]) of a scheduler with two one-thread workers."""
    address = f"tcp://127.0.0.1:{free_port()}"
    scheduler = dask(
        "scheduler", "--host", "127.0.0.1", "--port", address.rsplit(":", 1)[1], "--no-dashboard"
    )
    workers = [dask("worker", address, "--nthreads", "1", "--no-dashboard") for _ in range(2)]
    try:
        from dask.distributed import Client

        with Client(address, timeout=STARTUP_TIMEOUT, set_as_default=False) as client:
            client.wait_for_workers(2, timeout=STARTUP_TIMEOUT)
        yield address, workers
    finally:
        for process in workers + [scheduler]:
            stop(process)


def untimed(rows: list[dict]) -> list[dict]:
    return [{key: value for key, value in row.items() if key not in TIMED} for row in rows]


def test_a_cluster_gives_the_rows_of_a_local_run(cluster):
    address, _ = cluster
    local = lab.run(["xiangqi"], **MATRIX)
    remote = lab.run(["xiangqi"], cluster=address, **MATRIX)
    assert untimed(remote) == untimed(local)
    assert all(row["positions"] == 4 for row in remote)


def read_csv(path: Path) -> list[dict]:
    with open(path, encoding="utf-8") as handle:
        return untimed(list(csv.DictReader(handle)))


@pytest.mark.slow  # a worker killed and its tasks retried elsewhere: 20 s of cluster time
def test_a_worker_killed_mid_run_changes_no_result(cluster, tmp_path):
    """One worker dies after the first searches are journaled: the scheduler gives its
    searches to the other, and the run completes with the local run's rows."""
    address, workers = cluster
    matrix = [
        "lab",
        "xiangqi",
        "--depth",
        "3",
        "--positions",
        "6",
        "--spec",
        "mvvlva",
        "--spec",
        "see",
        "--no-chart",
    ]
    assert main(matrix + ["--out", str(tmp_path / "local")]) == 0
    out = tmp_path / "cluster"
    run = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "xqchess.cli.main",
            *matrix,
            "--cluster",
            address,
            "--out",
            str(out),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    journal = out / "searches.jsonl"
    deadline = time.monotonic() + STARTUP_TIMEOUT
    while not (journal.exists() and journal.read_text(encoding="utf-8").count("\n") >= 2):
        assert run.poll() is None, run.stderr.read()
        assert time.monotonic() < deadline, "no search finished on the cluster"
        time.sleep(0.1)
    stop(workers[0])
    assert run.wait(timeout=300) == 0, run.stderr.read()
    assert journal.read_text(encoding="utf-8").count("\n") == 12
    assert read_csv(out / "lab.csv") == read_csv(tmp_path / "local" / "lab.csv")


def test_an_unreachable_scheduler_is_one_line(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(lab_runners, "CONNECT_TIMEOUT", 2)
    address = f"tcp://127.0.0.1:{free_port()}"  # nothing listens there
    code = main(
        [
            "lab",
            "xiangqi",
            "--depth",
            "1",
            "--positions",
            "1",
            "--cluster",
            address,
            "--out",
            str(tmp_path),
        ]
    )
    err = capsys.readouterr().err
    assert code == 2 and f"cannot reach the Dask scheduler at {address}" in err
    assert len(err.strip().splitlines()) == 1


def test_another_xqchess_version_on_the_workers_is_refused(cluster, monkeypatch):
    address, _ = cluster
    monkeypatch.setattr(lab_runners, "package_version", lambda: "0.0.0-client")
    with pytest.raises(
        lab_runners.ClusterError,
        match=r"has xqchess .*, this client "
        r"0\.0\.0-client",
    ):
        lab_runners.ClusterRunner(address)


def test_without_dask_cluster_says_how_to_install_it(monkeypatch, tmp_path, capsys):
    monkeypatch.setitem(sys.modules, "dask.distributed", None)  # import fails
    code = main(
        ["lab", "xiangqi", "--depth", "1", "--cluster", "tcp://127.0.0.1:1", "--out", str(tmp_path)]
    )
    err = capsys.readouterr().err
    assert code == 2 and "pip install 'xqchess[cluster]'" in err


def test_jobs_and_cluster_exclude_each_other(tmp_path, capsys):
    code = main(
        [
            "lab",
            "xiangqi",
            "--depth",
            "1",
            "--jobs",
            "2",
            "--cluster",
            "tcp://127.0.0.1:1",
            "--out",
            str(tmp_path),
        ]
    )
    assert code == 2 and "exclude each other" in capsys.readouterr().err
