#!/usr/bin/env python3
"""Where a run's CPU goes, thread by thread: samples every Java process's threads (from /proc, every 2 s) while a run goes on,
then splits the CPU over windows of that run by thread name (digits folded, so the appliers or Bolt workers add up).

  bench/thread-cpu.py record FILE                        # until stopped (kill it when the run ends)
  bench/thread-cpu.py split FILE RUN-FOLDER LABEL MM:SS MM:SS [LABEL MM:SS MM:SS ...]

RUN-FOLDER's name (…/20261129-085631-quick) gives the run's start; MM:SS are times of the run's console log, e.g. a cell's
"window starts" and its result line. Prints, per window, each process's cores by thread name (Linux truncates thread names to
15 characters: graphperf-batch is the writer's appliers, graphperf-gatew the gateway's threads, C2/C1 CompilerThre the JIT)."""
import collections, datetime, json, os, re, sys, time


def record(path):
    with open(path, "w") as out:
        while True:
            snap = {"t": time.time(), "p": {}}
            for pid in filter(str.isdigit, os.listdir("/proc")):
                try:
                    cmd = open(f"/proc/{pid}/cmdline", "rb").read().split(b"\0")
                    if not cmd[0].endswith(b"java"):
                        continue
                    threads = {}
                    for tid in os.listdir(f"/proc/{pid}/task"):
                        stat = open(f"/proc/{pid}/task/{tid}/stat").read()
                        fields = stat[stat.rindex(")") + 2:].split()
                        threads[tid] = (stat[stat.index("(") + 1:stat.rindex(")")], int(fields[11]) + int(fields[12]))
                    host = any(b"EngineHostMain" in c for c in cmd)
                    snap["p"][pid] = {"kind": "engine host" if host else "java", "threads": threads}
                except (OSError, ValueError, IndexError):
                    continue  # a process or thread that ended meanwhile
            out.write(json.dumps(snap) + "\n")
            out.flush()
            time.sleep(2)


def split(path, folder, windows):
    snaps = [json.loads(line) for line in open(path)]
    start = datetime.datetime.strptime(os.path.basename(folder.rstrip("/"))[:15], "%Y%m%d-%H%M%S")
    t0 = start.replace(tzinfo=datetime.timezone.utc).timestamp()
    ticks = os.sysconf("SC_CLK_TCK")

    def nearest(mmss):
        m, s = mmss.split(":")
        return min(snaps, key=lambda x: abs(x["t"] - (t0 + int(m) * 60 + int(s))))

    for label, a, b in windows:
        s1, s2 = nearest(a), nearest(b)
        dt = s2["t"] - s1["t"]
        if dt <= 0:
            sys.exit(f"{label}: no samples between {a} and {b} (was the recording running then?)")
        print(f"== {label}: {dt:.1f} s")
        for pid, p in s2["p"].items():
            if pid not in s1["p"]:
                continue
            by = collections.Counter()
            for tid, (name, t) in p["threads"].items():
                by[re.sub(r"[0-9]+", "N", name)] += (t - s1["p"][pid]["threads"].get(tid, (name, 0))[1]) / ticks / dt
            if sum(by.values()) < 0.02:
                continue
            print(f"  pid {pid} ({p['kind']}): {sum(by.values()):.2f} cores")
            for name, cores in by.most_common(12):
                if cores >= 0.01:
                    print(f"    {cores:5.2f}  {name}")


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "record":
        record(sys.argv[2])
    elif len(sys.argv) >= 7 and sys.argv[1] == "split" and (len(sys.argv) - 4) % 3 == 0:
        split(sys.argv[2], sys.argv[3], [sys.argv[i:i + 3] for i in range(4, len(sys.argv), 3)])
    else:
        sys.exit(__doc__)
