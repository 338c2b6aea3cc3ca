#!/usr/bin/env python3
"""Measures `kma-forecast mcp` under the loads of issue 31 (items 1-3): ping latency and peak
memory (VmHWM from /proc, Linux) for each case, worst of N runs.

    swift build -c release
    python3 Scripts/measure-mcp-io.py .build/release/kma-forecast [--runs 3] [--rate 262144]

Cases (a "silent gateway" is a socket on 127.0.0.1 that accepts and never answers):
  idle        a ping to a fresh server
  held        32 kma_forecast (nx 60, ny 120) held by a silent gateway; a ping 2 s later
  held+33     the same, then a 33rd call: how long until it is refused
  eof40       40 kma_forecast against a silent gateway, then end of input: time to exit
  field32     32 kma_field_values against a silent API Hub, then end of input: time to exit
  slow        3,000 tools/list written at once, read at --rate bytes/s (default 256 KB/s);
              a ping after them: its latency is the time to drain; all replies must arrive
  never       3,000 tools/list and end of input, never read: peak memory after 3 s, then the
              client closes standard output: time to exit
  epipe       standard output closed, 100,000 pings: bytes on standard error, time to exit
  stderr      standard error never read, 1,000 call+cancel pairs with 900-character reasons
              (calls to a refusing port), then a ping: its latency
Only 127.0.0.1 is contacted. Prints one line per case and a table of the worst values.
"""
import argparse
import json
import os
import socket
import subprocess
import sys
import threading
import time

KEY = "MEASUREKEY+abc/def=="


class SilentGateway:
    """Accepts connections on 127.0.0.1 and never answers."""

    def __init__(self):
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(512)
        self.port = self.sock.getsockname()[1]
        self.held = []
        self.lock = threading.Condition()
        threading.Thread(target=self.loop, daemon=True).start()

    def loop(self):
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            with self.lock:
                self.held.append(conn)
                self.lock.notify_all()

    def wait_for(self, count, timeout=120):
        end = time.monotonic() + timeout
        with self.lock:
            while len(self.held) < count and time.monotonic() < end:
                self.lock.wait(end - time.monotonic())
            return len(self.held) >= count

    def close(self):
        self.sock.close()
        for conn in self.held:
            conn.close()

    @property
    def base(self):
        return f"http://127.0.0.1:{self.port}/1360000/VilageFcstInfoService_2.0"

    @property
    def field_base(self):
        return f"http://127.0.0.1:{self.port}/api/typ01/cgi-bin/url"


class Server:
    """The binary with pipes; stdout read by a thread (optionally slowly), peak memory sampled."""

    def __init__(self, binary, env=None, read=True, rate=None, stderr="read", close_stdout=False):
        environment = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": os.environ.get("TMPDIR", "/tmp")}
        environment.update(env or {})
        err = {"read": subprocess.PIPE, "never": subprocess.PIPE}[stderr]
        self.proc = subprocess.Popen([binary, "mcp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err, env=environment, bufsize=0)
        self.lines = []
        self.arrivals = {}
        self.partial = b""
        self.cond = threading.Condition()
        self.peak_kib = 0
        self.err = bytearray()
        self.rate = rate
        threading.Thread(target=self.sample, daemon=True).start()
        if stderr == "read":
            threading.Thread(target=self.read_err, daemon=True).start()
        if close_stdout:
            self.proc.stdout.close()
        elif read:
            self.start_reading()

    def start_reading(self):
        threading.Thread(target=self.read_out, daemon=True).start()

    def sample(self):
        path = f"/proc/{self.proc.pid}/status"
        while self.proc.poll() is None:
            try:
                with open(path) as f:
                    for line in f:
                        if line.startswith("VmHWM:"):
                            self.peak_kib = max(self.peak_kib, int(line.split()[1]))
            except OSError:
                pass
            time.sleep(0.02)

    def read_err(self):
        while True:
            chunk = self.proc.stderr.read(65536)
            if not chunk:
                return
            self.err += chunk

    def read_out(self):
        size = 65536 if self.rate is None else max(1, self.rate // 20)
        while True:
            chunk = self.proc.stdout.read(size)
            if not chunk:
                with self.cond:
                    self.cond.notify_all()
                return
            now = time.monotonic()
            with self.cond:
                data = self.partial + chunk
                *complete, self.partial = data.split(b"\n")
                for line in complete:
                    self.lines.append(line)
                    try:
                        reply = json.loads(line)
                        if "id" in reply:
                            self.arrivals[reply["id"]] = now
                    except ValueError:
                        pass
                self.cond.notify_all()
            if self.rate is not None:
                time.sleep(0.05)

    def write(self, text):
        self.proc.stdin.write(text.encode())

    def close_input(self):
        self.proc.stdin.close()

    def wait_reply(self, id, timeout=300):
        end = time.monotonic() + timeout
        with self.cond:
            while id not in self.arrivals and time.monotonic() < end:
                self.cond.wait(end - time.monotonic())
            return self.arrivals.get(id)

    def wait_exit(self, timeout=300):
        try:
            self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            return None
        time.sleep(0.05)
        return self.proc.returncode

    def check_lines(self):
        """Every complete line is JSON, and nothing is left half-written."""
        bad = 0
        for line in self.lines:
            try:
                json.loads(line)
            except ValueError:
                bad += 1
        return bad == 0 and self.partial == b""


def call(id, tool="kma_forecast", args='{"nx":60,"ny":120}'):
    return '{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"%s","arguments":%s}}\n' % (id, tool, args)


def ping(id):
    return '{"jsonrpc":"2.0","id":%d,"method":"ping"}\n' % id


def cancel(id, reason="no longer needed"):
    return '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":%d,"reason":"%s"}}\n' % (id, reason)


def tools_list(count):
    return "".join('{"jsonrpc":"2.0","id":%d,"method":"tools/list"}\n' % i for i in range(count))


def case_idle(binary, args):
    s = Server(binary)
    t = time.monotonic()
    s.write(ping(1))
    latency = s.wait_reply(1) - t
    s.close_input()
    s.wait_exit()
    return {"ping_s": latency, "peak_mib": s.peak_kib / 1024}


def case_held(binary, args):
    g = SilentGateway()
    s = Server(binary, env={"KMA_SERVICE_KEY": KEY, "KMA_BASE_URL": g.base})
    s.write("".join(call(i) for i in range(1, 33)))
    g.wait_for(32)
    time.sleep(2)
    t = time.monotonic()
    s.write(ping(100))
    latency = s.wait_reply(100) - t
    t = time.monotonic()
    s.write(call(33))
    refused = s.wait_reply(33) - t
    t = time.monotonic()
    s.write("".join(cancel(i) for i in range(1, 33)) + ping(101))
    after_cancel = s.wait_reply(101) - t
    t = time.monotonic()
    s.close_input()
    status = s.wait_exit()
    exit_s = time.monotonic() - t
    g.close()
    ok = status == 0 and s.check_lines() and all(i not in s.arrivals for i in range(1, 33))
    return {"ping_s": latency, "refuse33_s": refused, "ping_after_cancels_s": after_cancel, "exit_after_eof_s": exit_s, "peak_mib": s.peak_kib / 1024, "ok": ok}


def case_eof(binary, args, tool, arguments, count, env_of):
    g = SilentGateway()
    s = Server(binary, env=env_of(g))
    s.write("".join(call(i, tool, arguments) for i in range(1, count + 1)))
    g.wait_for(1)
    t = time.monotonic()
    s.close_input()
    status = s.wait_exit()
    exit_s = time.monotonic() - t
    g.close()
    ok = status == 0 and s.check_lines() and all(i in s.arrivals for i in range(1, count + 1))
    return {"exit_after_eof_s": exit_s, "replies": len(s.arrivals), "peak_mib": s.peak_kib / 1024, "ok": ok}


def case_eof40(binary, args):
    return case_eof(binary, args, "kma_forecast", '{"nx":60,"ny":120}', 40, lambda g: {"KMA_SERVICE_KEY": KEY, "KMA_BASE_URL": g.base})


def case_field32(binary, args):
    return case_eof(binary, args, "kma_field_values", '{"variable":"TMP","points":["서울"]}', 32, lambda g: {"KMA_SERVICE_KEY": KEY, "KMA_FIELD_BASE_URL": g.field_base})


def case_slow(binary, args):
    s = Server(binary, rate=args.rate)
    t = time.monotonic()
    s.write(tools_list(args.requests) + ping(-1))
    latency = s.wait_reply(-1, timeout=3600) - t
    s.close_input()
    status = s.wait_exit(3600)
    ok = status == 0 and s.check_lines() and all(i in s.arrivals for i in range(args.requests))
    return {"ping_s": latency, "replies": len(s.arrivals) - 1, "peak_mib": s.peak_kib / 1024, "ok": ok}


def case_never(binary, args):
    s = Server(binary, read=False)
    s.write(tools_list(args.requests))
    s.close_input()
    time.sleep(3)
    running = s.proc.poll() is None
    peak = s.peak_kib
    t = time.monotonic()
    s.proc.stdout.close()
    status = s.wait_exit()
    exit_s = time.monotonic() - t
    lines = [l for l in s.err.decode(errors="replace").splitlines() if "standard output failed" in l]
    return {"peak_mib": peak / 1024, "exit_after_close_s": exit_s, "stdout_log_lines": len(lines), "ok": running and status == 0 and len(lines) == 1}


def case_epipe(binary, args):
    s = Server(binary, close_stdout=True)
    t = time.monotonic()
    s.write("".join(ping(i) for i in range(100_000)))
    s.close_input()
    status = s.wait_exit()
    return {"exit_s": time.monotonic() - t, "stderr_bytes": len(s.err), "peak_mib": s.peak_kib / 1024, "ok": status == 0 and len(s.err) < 2000}


def case_stderr(binary, args):
    refusing = socket.socket()
    refusing.bind(("127.0.0.1", 0))  # bound, never listening: connections are refused
    base = f"http://127.0.0.1:{refusing.getsockname()[1]}/1360000/VilageFcstInfoService_2.0"
    s = Server(binary, env={"KMA_SERVICE_KEY": KEY, "KMA_BASE_URL": base}, stderr="never")
    reason = "r" * 900
    t = time.monotonic()
    s.write("".join(call(i) + cancel(i, reason) for i in range(1, 1001)) + ping(5000))
    reply = s.wait_reply(5000, timeout=60)
    latency = None if reply is None else reply - t
    s.close_input()
    status = s.wait_exit(60)
    refusing.close()
    return {"ping_s": latency, "peak_mib": s.peak_kib / 1024, "ok": reply is not None and status == 0}


CASES = {"idle": case_idle, "held": case_held, "eof40": case_eof40, "field32": case_field32, "slow": case_slow, "never": case_never, "epipe": case_epipe, "stderr": case_stderr}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("binary")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--rate", type=int, default=256 * 1024, help="bytes/s the slow client reads (default 262144)")
    parser.add_argument("--requests", type=int, default=3000)
    parser.add_argument("--cases", default=",".join(CASES))
    args = parser.parse_args()
    worst = {}
    failed = False
    for name in args.cases.split(","):
        for run in range(args.runs):
            result = CASES[name](args.binary, args)
            print(name, run + 1, json.dumps({k: (round(v, 3) if isinstance(v, float) else v) for k, v in result.items()}), flush=True)
            failed |= result.get("ok") is False
            for key, value in result.items():
                if isinstance(value, (int, float)) and not isinstance(value, bool):
                    worst[(name, key)] = max(worst.get((name, key), value), value)
    print("\nworst of %d:" % args.runs)
    for (name, key), value in worst.items():
        print(f"  {name:8} {key:22} {value:.3f}" if isinstance(value, float) else f"  {name:8} {key:22} {value}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
