"""Start/stop a real Neo4j 5.26 server for tests (helper module, not a test file).

The server is the small Java launcher in ``tools/neo4j-test-server`` (Neo4j embedded, Bolt on
127.0.0.1, auth on). This module builds it with Maven when ``target/`` is missing or stale, starts
it through ``run.sh`` (which ``exec``s ``java``, so the child PID *is* the JVM), and waits until
the ``READY bolt://...`` line appears *and* a Bolt ``RETURN 1`` succeeds with the Python driver.

Typical use (e.g. from a pytest fixture)::

    ok, why = launcher_available()
    if not ok:
        pytest.skip(why)
    server = start_server(password="testpass", data_dir=tmp_path / "neo4j")
    try:
        ...  # GraphDatabase.driver(server.uri, auth=server.auth)
    finally:
        server.stop()

``server.kill()`` sends SIGKILL (simulated crash); ``server.restart()`` starts it again on the same
port and data dir (Neo4j recovers the store from its transaction log after a kill).

The server also exits by itself when this Python process dies (its stdin is a pipe from us and it
runs with ``--exit-on-stdin-eof``), and any server still running at interpreter exit is stopped.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
import weakref
from collections.abc import Mapping
from pathlib import Path
from typing import BinaryIO

__all__ = [
    "RunningServer",
    "ServerStartError",
    "admin_import",
    "ensure_built",
    "launcher_available",
    "start_server",
]

REPO_ROOT = Path(__file__).resolve().parent.parent
LAUNCHER_DIR = REPO_ROOT / "tools" / "neo4j-test-server"
POM = LAUNCHER_DIR / "pom.xml"
RUN_SH = LAUNCHER_DIR / "run.sh"
JAR = LAUNCHER_DIR / "target" / "neo4j-test-server.jar"
LIB_DIR = LAUNCHER_DIR / "target" / "lib"

LOG_NAME = "neo4j-test-server.log"
BUILD_TIMEOUT = float(os.environ.get("KG_NEO4J_BUILD_TIMEOUT", "1200"))
_READY_RE = re.compile(r"^READY (bolt://127\.0\.0\.1:(\d+))\s*$", re.MULTILINE)
_PORT_IN_USE = "is already in use"

_build_lock = threading.Lock()
_live: weakref.WeakSet[RunningServer] = weakref.WeakSet()


class ServerStartError(RuntimeError):
    """The launcher could not be built or the server did not become ready."""


# --------------------------------------------------------------------------- availability / build


def _java_major(java: str) -> int | None:
    try:
        out = subprocess.run(
            [java, "-version"], capture_output=True, text=True, timeout=30, check=False
        ).stderr
    except (OSError, subprocess.SubprocessError):
        return None
    m = re.search(r'version "(\d+)(?:\.(\d+))?', out)
    if not m:
        return None
    major = int(m.group(1))
    return int(m.group(2) or 0) if major == 1 else major


def launcher_available() -> tuple[bool, str]:
    """(True, "ok"/detail) if a server can be started here, else (False, reason)."""
    java = os.environ.get("JAVA") or shutil.which("java")
    if not java:
        return False, "java not found on PATH (Java 17+ is needed for the Neo4j test server)"
    major = _java_major(java)
    if major is None:
        return False, f"could not run '{java} -version'"
    if major < 17:
        return False, f"Java {major} found, Neo4j 5.26 needs Java 17+"
    if not RUN_SH.is_file():
        return False, f"launcher script missing: {RUN_SH}"
    try:
        import neo4j  # noqa: F401
    except ImportError:
        return False, "the Python 'neo4j' driver is not installed"
    if not _needs_build():
        return True, f"launcher already built ({JAR.relative_to(REPO_ROOT)}), Java {major}"
    if not shutil.which("mvn"):
        return (
            False,
            "mvn not found on PATH and the launcher is not built "
            "(tools/neo4j-test-server/target missing)",
        )
    return True, f"Java {major}, mvn available (launcher will be built on first use)"


def _needs_build() -> bool:
    if not JAR.is_file() or not LIB_DIR.is_dir() or not any(LIB_DIR.glob("neo4j-*.jar")):
        return True
    jar_mtime = JAR.stat().st_mtime
    if POM.stat().st_mtime > jar_mtime:
        return True
    src = LAUNCHER_DIR / "src"
    return any(p.is_file() and p.stat().st_mtime > jar_mtime for p in src.rglob("*"))


@contextlib.contextmanager
def _interprocess_lock(path: Path):
    """Exclusive lock so parallel test processes (e.g. pytest-xdist) don't build concurrently."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - non-POSIX
        yield
        return
    with open(path, "a+") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def ensure_built(timeout: float = BUILD_TIMEOUT) -> Path:
    """Build the launcher with Maven if target/ is missing or older than its sources.

    Returns the path of the launcher jar."""
    with (
        _build_lock,
        _interprocess_lock(Path(tempfile.gettempdir()) / "kg-neo4j-test-server.build.lock"),
    ):
        if not _needs_build():
            return JAR
        mvn = shutil.which("mvn")
        if not mvn:
            raise ServerStartError("mvn not found on PATH; cannot build tools/neo4j-test-server")
        cmd = [mvn, "-q", "-B", "-f", str(POM), "package", "-DskipTests"]
        try:
            proc = subprocess.run(
                cmd, cwd=REPO_ROOT, capture_output=True, text=True, timeout=timeout, check=False
            )
        except subprocess.TimeoutExpired as e:
            raise ServerStartError(
                f"building the Neo4j launcher timed out after {timeout:.0f}s: {' '.join(cmd)}"
            ) from e
        if proc.returncode != 0 or _needs_build():
            tail = "\n".join((proc.stdout + proc.stderr).splitlines()[-40:])
            raise ServerStartError(
                f"building the Neo4j launcher failed (exit {proc.returncode}): "
                f"{' '.join(cmd)}\n{tail}"
            )
        return JAR


# --------------------------------------------------------------------------- server


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _tail(path: Path, offset: int = 0, lines: int = 60) -> str:
    try:
        with open(path, "rb") as fh:
            fh.seek(offset)
            data = fh.read().decode("utf-8", "replace")
    except OSError as e:
        return f"<could not read {path}: {e}>"
    return "\n".join(data.splitlines()[-lines:])


class RunningServer:
    """A Neo4j test server process. Attributes: uri, password, port, data_dir, log_path, process."""

    user = "neo4j"

    def __init__(
        self,
        *,
        port: int,
        password: str,
        data_dir: Path,
        env: Mapping[str, str] | None = None,
        port_was_chosen: bool = False,
    ) -> None:
        self.port = port
        self.password = password
        self.data_dir = Path(data_dir).resolve()
        self.log_path = self.data_dir / LOG_NAME
        self.process: subprocess.Popen[bytes] | None = None
        self._env = dict(env or {})
        self._port_was_chosen = port_was_chosen
        self._log_fh: BinaryIO | None = None

    # -- public API ---------------------------------------------------------

    @property
    def uri(self) -> str:
        return f"bolt://127.0.0.1:{self.port}"

    @property
    def auth(self) -> tuple[str, str]:
        return (self.user, self.password)

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process else None

    def is_running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def stop(self, timeout: float = 60) -> None:
        """Graceful shutdown (SIGTERM -> Neo4j shutdown hook); SIGKILL after timeout seconds."""
        proc = self.process
        if proc is not None and proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=30)
        self._cleanup()

    def kill(self) -> None:
        """SIGKILL the JVM (simulates a crash: no clean store shutdown)."""
        proc = self.process
        if proc is not None and proc.poll() is None:
            proc.kill()
            proc.wait(timeout=30)
        self._cleanup()

    def restart(self, timeout: float = 180) -> RunningServer:
        """Start again on the same port and data dir (stops it first if it is still running)."""
        if self.is_running():
            self.stop()
        self._port_was_chosen = False  # must keep the same port now
        self._start(timeout)
        return self

    def __enter__(self) -> RunningServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def __repr__(self) -> str:
        state = "running" if self.is_running() else "stopped"
        return f"<RunningServer {self.uri} pid={self.pid} {state} data_dir={self.data_dir}>"

    # -- internals ----------------------------------------------------------

    def _cleanup(self) -> None:
        proc = self.process
        if proc is not None and proc.stdin is not None:
            with contextlib.suppress(OSError):
                proc.stdin.close()
        if self._log_fh is not None:
            with contextlib.suppress(OSError):
                self._log_fh.close()
            self._log_fh = None
        _live.discard(self)

    def _start(self, timeout: float) -> None:
        attempts = 3 if self._port_was_chosen else 1
        for attempt in range(attempts):
            try:
                self._start_once(timeout)
                return
            except ServerStartError as e:
                if attempt + 1 < attempts and _PORT_IN_USE in str(e):
                    self.port = _free_port()  # lost a race for the picked port; try another
                    continue
                raise

    def _start_once(self, timeout: float) -> None:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        env = os.environ.copy()
        env.update(self._env)
        env["NEO4J_PASSWORD"] = self.password
        env["KG_NEO4J_PORT"] = str(self.port)
        env.pop("KG_NEO4J_DATA_DIR", None)

        log_fh = open(self.log_path, "ab")  # noqa: SIM115 - closed in _cleanup()
        self._log_fh = log_fh
        log_fh.write(
            f"\n===== starting neo4j test server on {self.uri} at {time.ctime()} =====\n".encode()
        )
        log_fh.flush()
        offset = log_fh.tell()

        self.process = subprocess.Popen(
            ["bash", str(RUN_SH), str(self.data_dir), "--exit-on-stdin-eof"],
            cwd=REPO_ROOT,
            env=env,
            stdin=subprocess.PIPE,
            stdout=log_fh,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # Ctrl-C on the test run doesn't hit the JVM before stop()
        )
        _live.add(self)
        try:
            self._wait_ready(offset, timeout)
        except BaseException:
            self.kill()
            raise

    def _wait_ready(self, offset: int, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        proc = self.process
        assert proc is not None

        # 1) the READY line
        while True:
            text = _tail(self.log_path, offset, lines=10_000)
            m = _READY_RE.search(text)
            if m:
                if m.group(1) != self.uri:
                    raise self._error(f"server announced {m.group(1)}, expected {self.uri}", offset)
                break
            rc = proc.poll()
            if rc is not None:
                raise self._error(f"server exited with code {rc} before it was ready", offset)
            if time.monotonic() > deadline:
                raise self._error(f"server not READY within {timeout:.0f}s", offset)
            time.sleep(0.1)

        # 2) a real Bolt round trip
        from neo4j import GraphDatabase
        from neo4j.exceptions import AuthError, ServiceUnavailable, SessionExpired

        last: Exception | None = None
        while True:
            try:
                with GraphDatabase.driver(self.uri, auth=self.auth, connection_timeout=5) as driver:
                    records, _, _ = driver.execute_query("RETURN 1 AS ok")
                    if records and records[0]["ok"] == 1:
                        return
            except AuthError as e:
                raise self._error(
                    f"Bolt authentication failed for user 'neo4j': {e}", offset
                ) from e
            except (ServiceUnavailable, SessionExpired, OSError) as e:
                last = e
            rc = proc.poll()
            if rc is not None:
                raise self._error(f"server exited with code {rc} during the Bolt check", offset)
            if time.monotonic() > deadline:
                raise self._error(
                    f"Bolt 'RETURN 1' did not succeed within {timeout:.0f}s (last error: {last!r})",
                    offset,
                )
            time.sleep(0.2)

    def _error(self, what: str, offset: int) -> ServerStartError:
        return ServerStartError(
            f"Neo4j test server {self.uri} (data_dir={self.data_dir}): {what}\n"
            f"--- last lines of {self.log_path} ---\n{_tail(self.log_path, offset)}"
        )


def start_server(
    *,
    port: int | None = None,
    password: str,
    data_dir: Path,
    timeout: float = 180,
    env: Mapping[str, str] | None = None,
) -> RunningServer:
    """Build the launcher if needed, start Neo4j on 127.0.0.1 and wait until Bolt answers.

    port: Bolt port (None = pick a free one).
    password: password of user 'neo4j' (set on every start, also on an existing data dir).
    data_dir: Neo4j home (store under data/, Neo4j logs under logs/, launcher output in
    neo4j-test-server.log); reuse it to keep data across servers. timeout: seconds to wait for the
    server after the (separately time-limited) build. env: extra environment for run.sh, e.g.
    {"KG_NEO4J_HEAP": "512m", "KG_NEO4J_PAGECACHE_MB": "64"}.
    Raises ServerStartError (with the log tail) on build failure, early exit or timeout.
    """
    if not password:
        raise ValueError("password must be a non-empty string")
    ensure_built()
    server = RunningServer(
        port=port if port is not None else _free_port(),
        password=password,
        data_dir=Path(data_dir),
        env=env,
        port_was_chosen=port is None,
    )
    server._start(timeout)
    return server


def admin_import(home: Path, args: list[str], *, timeout: float = 600) -> str:
    """Run ``neo4j-admin`` ``args`` (e.g. ``["database", "import", "full", …]``) with NEO4J_HOME =
    ``home`` — the real admin tool, org.neo4j.cli.AdminTool, whose import command ships in the
    launcher's runtime (neo4j-import-tool). A server started on ``home`` then opens what it wrote.
    Returns the tool's output; raises ServerStartError when it fails."""
    ensure_built()
    java = os.environ.get("JAVA") or shutil.which("java") or "java"
    (home / "conf").mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "NEO4J_HOME": str(home), "NEO4J_CONF": str(home / "conf")}
    done = subprocess.run(
        [java, "-Xmx512m", "-cp", f"{LIB_DIR}/*", "org.neo4j.cli.AdminTool", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    output = done.stdout + done.stderr
    if done.returncode != 0:
        raise ServerStartError(f"neo4j-admin {' '.join(args[:3])} failed:\n{output[-4000:]}")
    return output


@atexit.register
def _stop_all() -> None:
    for server in list(_live):
        with contextlib.suppress(Exception):
            server.stop(timeout=30)
