"""`xqchess play`'s full-screen app in a real terminal: tmux runs it in an 80x24 pane, keys are
typed with send-keys and the screen is read back with capture-pane. A move typed in the move
box is played and answered, the board's keys work from the board, quitting asks first, and a
key is answered while the engine searches."""

import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import pytest
from xqchess.cli.tui.app import BOARD_FOCUSED

ENGINE = [sys.executable, "-m", "xqchess.cli.main"]
#: the pane's size: a plain terminal's
COLUMNS, LINES = 80, 24
#: the median's bound, with slack for a loaded machine: the app is meant to answer a key in a
#: tenth of a second
KEY_LATENCY_BOUND = 0.5
#: what the pane shows, with the exit status, once the program has ended
EXITED = "xqchess exited with status"

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")


class Pane:
    """The app in a detached tmux session on a server of its own, its socket in a temporary
    folder (so that no other tmux server's environment or options reach it); `close` kills
    the server and removes the folder."""

    def __init__(self, arguments: list[str]) -> None:
        self.folder = tempfile.mkdtemp(prefix="xqchess-tmux-")
        self.socket = os.path.join(self.folder, "socket")
        # the server, and the pane from it, take this environment (the pane's TERM is tmux's
        # own); COLUMNS or LINES would override the pane's size
        environment = {
            name: value for name, value in os.environ.items() if name not in ("COLUMNS", "LINES")
        }
        # the pane stays once the program has ended (remain-on-exit), with its exit status
        command = " ".join(ENGINE + arguments) + f"; echo {EXITED} $?"
        self.tmux(
            "new-session", "-d", "-s", "play", "-x", str(COLUMNS), "-y", str(LINES), command,
            ";", "set-option", "-t", "play", "remain-on-exit", "on",
            environment=environment,
        )  # fmt: skip

    def tmux(self, *arguments: str, environment: dict[str, str] | None = None) -> str:
        result = subprocess.run(
            ["tmux", "-S", self.socket, *arguments],
            capture_output=True,
            text=True,
            env=environment,
            check=True,
        )
        return result.stdout

    def keys(self, *keys: str) -> None:
        self.tmux("send-keys", "-t", "play", *keys)

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", "play")

    def transcript(self) -> str:
        """The screen with the lines scrolled off its top."""
        return self.tmux("capture-pane", "-p", "-S", "-", "-t", "play")

    def wait_for(self, predicate, seconds: float, every: float = 0.05, capture=None) -> str:
        """The screen (or what ``capture`` returns) once ``predicate`` holds of it; fails with
        it after ``seconds``, or at once if the program has ended."""
        capture = capture or self.screen
        deadline = time.perf_counter() + seconds
        while True:
            screen = capture()
            if predicate(screen):
                return screen
            if EXITED in screen:
                pytest.fail(f"the program ended:\n{self.transcript()}")
            if time.perf_counter() > deadline:
                pytest.fail(f"the screen did not change as expected in {seconds} s:\n{screen}")
            time.sleep(every)

    def close(self) -> None:
        subprocess.run(["tmux", "-S", self.socket, "kill-server"], capture_output=True)
        shutil.rmtree(self.folder)


def ranks_from_top(screen: str) -> list[str]:
    """The board's rank labels as drawn, top to bottom (each rank row starts with one, inside
    the board's border)."""
    return re.findall(r"^│ *([1-8])  ", screen, re.M)


def board_drawn(screen: str) -> bool:
    return len(ranks_from_top(screen)) == 8 and "to move" in screen


def board_has_the_keys(screen: str) -> bool:
    """Whether the board's title says it has the focus (keys act on it).
    A key sent before that would reach the terminal in the same read as the Escape and be taken
    for Alt and that key."""
    return BOARD_FOCUSED in screen


def square(screen: str, name: str) -> str:
    """The character drawn on square ``name`` (e.g. "e4"): the letter of a piece under
    ``--ascii``, a space on an empty square."""
    lines = screen.splitlines()
    header = next(line for line in lines if re.match(r"^│ +[a-h]  [a-h]  [a-h]", line))
    column = header.index(name[0])
    row = next(line for line in lines if re.match(rf"^│ *{name[1]}  ", line))
    return row[column]


def black_replied_to_e4(screen: str) -> bool:
    """Whether the screen shows Black's reply to 1. e4 throughout: in the move list (a move
    starts with a letter), a black piece on its destination square, White to move."""
    reply = re.search(r"1\. e4 +([A-Za-z]\S*)", screen)
    if not reply or "White to move (you)" not in screen:
        return False
    destination = re.findall(r"[a-h][1-8]", reply[1])[-1]
    return square(screen, destination).islower()


def test_app_plays_moves_by_keys_in_tmux():
    pane = Pane(["play", "chess", "--level", "1", "--ascii"])
    try:
        screen = pane.wait_for(board_drawn, 20)
        assert ranks_from_top(screen) == list("87654321"), screen
        assert "White to move (you)" in screen, screen
        assert square(screen, "e2") == "P" and square(screen, "e4") == " ", screen

        pane.keys("e4", "Enter")
        # the reply in the move list, on the board and White's turn in the status line: the
        # widgets repaint one after another, and a capture can fall between them
        screen = pane.wait_for(black_replied_to_e4, 10)
        reply = re.search(r"1\. e4 +(\S+)", screen)[1]
        assert re.fullmatch(r"[NBRQK]?[a-h]?[1-8]?x?[a-h][1-8][+#]?", reply), screen
        assert square(screen, "e4") == "P" and square(screen, "e2") == " ", screen

        pane.keys("Escape")
        pane.wait_for(board_has_the_keys, 5)
        pane.keys("f")
        screen = pane.wait_for(lambda screen: ranks_from_top(screen)[:1] == ["1"], 5)
        assert ranks_from_top(screen) == list("12345678"), screen
        assert square(screen, "e4") == "P", screen

        pane.keys("q")  # a game is being played: the app asks first
        screen = pane.wait_for(lambda screen: "Quit this game?" in screen, 5)
        assert "Quit" in screen and "Play on" in screen, screen
        pane.keys("Enter")  # the dialog's first button, Quit, has the focus
        # tmux's own "Pane is dead" line may scroll the exit status off the screen
        screen = pane.wait_for(lambda screen: EXITED in screen, 10, capture=pane.transcript)
        assert f"{EXITED} 0" in screen and "Traceback" not in screen, screen
    finally:
        pane.close()


def flip_latencies(count: int = 5) -> list[float]:
    """Seconds from each of ``count`` presses of ``f``, made while the engine searches, to the
    turned board on the screen (send-keys and capture-pane's own time included)."""
    pane = Pane(["play", "chess", "--level", "8", "--side", "black", "--ascii"])
    try:
        screen = pane.wait_for(lambda screen: board_drawn(screen) and "nodes" in screen, 20)
        assert "White to move (engine)" in screen, screen
        ranks = ranks_from_top(screen)
        assert ranks == list("12345678"), screen  # Black's own side is drawn at the bottom
        pane.keys("Escape")
        pane.wait_for(board_has_the_keys, 5)
        latencies = []
        for _ in range(count):
            time.sleep(0.2)  # the screen settled after the last change
            started = time.perf_counter()
            pane.keys("f")
            ranks = ranks[::-1]
            screen = pane.wait_for(
                lambda screen, expected=ranks: ranks_from_top(screen) == expected, 5, 0.005
            )
            latencies.append(time.perf_counter() - started)
        assert "White to move (engine)" in screen, screen  # still searching: a level-8 move
        assert "nodes" in screen, screen
        return latencies
    finally:
        pane.close()


def test_keys_answer_while_the_engine_thinks_in_tmux():
    latencies = flip_latencies()
    shown = ", ".join(f"{latency * 1000:.0f}" for latency in latencies)
    median = statistics.median(latencies)
    print(f"\nboard turned {shown} ms after f (median {median * 1000:.0f}), the engine searching")
    assert median < KEY_LATENCY_BOUND
