"""Where the lab's searches run: in this process (``--jobs 1``), in local processes
(``--jobs N``), or on a Dask cluster (``--cluster ADDRESS``, the optional ``cluster`` extra:
``pip install 'xqchess[cluster]'``).

Each runner takes one function and its tasks and yields ``(index, result)`` as tasks finish,
in whatever order they finish; the lab journals each result as it arrives, so a stopped run
resumes. A search's result does not depend on where it ran (a fresh searcher per position,
deterministic node counts). On a cluster, tasks run on any worker that has the same xqchess
installed; a worker that dies takes no result with it (the scheduler runs its tasks again
elsewhere), and a task that raises is retried `RETRIES` times.
"""

from __future__ import annotations

import importlib.metadata
from collections.abc import Callable, Iterator
from concurrent.futures import CancelledError, ProcessPoolExecutor, as_completed

from xqchess.cli.arguments import package_version
from xqchess.core.errors import XQChessError

#: seconds to reach the scheduler, and to wait for its first worker
CONNECT_TIMEOUT = 10
WORKER_TIMEOUT = 60
#: times a task that raised is run again on a cluster before the run fails
RETRIES = 2
INSTALL_HINT = "pip install 'xqchess[cluster]'"


class ClusterError(XQChessError):
    """The Dask cluster cannot be used: unreachable, without workers, or mismatched."""


class LocalRunner:
    """This process (one job) or a pool of local processes."""

    def __init__(self, jobs: int) -> None:
        self.jobs = jobs
        self.pool = ProcessPoolExecutor(max_workers=jobs) if jobs > 1 else None

    def workers(self) -> int:
        return self.jobs

    def run(self, function: Callable, tasks: list, indices: list[int]) -> Iterator[tuple]:
        if self.pool is None:
            for index in indices:
                yield index, function(tasks[index])
            return
        futures = {self.pool.submit(function, tasks[index]): index for index in indices}
        for future in as_completed(futures):
            yield futures[future], future.result()

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(cancel_futures=True)


class ClusterRunner:
    """A dask.distributed scheduler and its workers."""

    def __init__(self, address: str) -> None:
        try:
            from dask.distributed import Client
        except ImportError:
            raise ClusterError(f"--cluster needs dask.distributed: {INSTALL_HINT}") from None
        self.address = address
        try:
            self.client = Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
        except (OSError, TimeoutError, ValueError) as error:
            raise ClusterError(
                f"cannot reach the Dask scheduler at {address}: {_first_line(error)}"
            ) from None
        try:
            self._check_workers()
        except BaseException:
            self.client.close()
            raise

    def _check_workers(self) -> None:
        """Wait for a worker; refuse workers without this xqchess version."""
        try:
            self.client.wait_for_workers(1, timeout=WORKER_TIMEOUT)
        except (OSError, TimeoutError):
            raise ClusterError(
                f"no worker joined the Dask scheduler at {self.address} within {WORKER_TIMEOUT} s"
            ) from None
        try:
            versions = self.client.run(importlib.metadata.version, "xqchess")
        except importlib.metadata.PackageNotFoundError:
            raise ClusterError(
                f"a worker of {self.address} does not have xqchess installed"
            ) from None
        ours = package_version()
        wrong = {worker: version for worker, version in versions.items() if version != ours}
        if wrong:
            worker, version = next(iter(wrong.items()))
            raise ClusterError(
                f"worker {worker} has xqchess {version}, this client "
                f"{ours}: install the same version everywhere"
            )

    def workers(self) -> int:
        try:
            return len(self.client.scheduler_info()["workers"])
        except (OSError, KeyError):
            return 0

    def run(self, function: Callable, tasks: list, indices: list[int]) -> Iterator[tuple]:
        from dask.distributed import KilledWorker
        from dask.distributed import as_completed as completed

        futures = {
            self.client.submit(function, tasks[index], pure=False, retries=RETRIES): index
            for index in indices
        }
        try:
            for future in completed(futures, loop=self.client.loop):
                yield futures[future], future.result()
        except (OSError, TimeoutError) as error:
            raise ClusterError(
                f"lost the Dask scheduler at {self.address}: {_first_line(error)}"
            ) from None
        except (KilledWorker, CancelledError) as error:  # a search the cluster gave up on
            raise ClusterError(
                f"the Dask cluster at {self.address} could not finish a "
                f"search: {type(error).__name__}: {_first_line(error)}"
            ) from None

    def close(self) -> None:
        self.client.close()


def open_runner(jobs: int, cluster: str | None) -> LocalRunner | ClusterRunner:
    """The runner for ``jobs`` local processes or the cluster at address ``cluster``."""
    if cluster:
        if jobs != 1:
            raise XQChessError(
                "--jobs and --cluster exclude each other: the cluster's "
                "workers set how many searches run at once"
            )
        return ClusterRunner(cluster)
    return LocalRunner(jobs)


def _first_line(error: BaseException) -> str:
    text = str(error).strip() or type(error).__name__
    return text.splitlines()[0]
