#!/usr/bin/env python3
"""Summarises one run of tests/bench/run-all.sh: every figure of
docs/PERFORMANCE.md "Targets" next to its target and its baseline measured in the same run,
as a Markdown table (stdout and --out).

Inputs are the JSON files the benchmarks wrote (--out of each); a missing one is reported as
"not run". Nothing here measures: it only reads and compares.
"""
import argparse
import json
import os


def load(path):
    if not path or not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def fmt(value, digits=1):
    if value is None:
        return "-"
    if isinstance(value, str):
        return value
    if abs(value) >= 1000:
        return f"{value:,.0f}"
    return f"{value:.{digits}f}"


class Table:
    def __init__(self):
        self.rows = []

    def add(self, figure, target, measured, baseline, ratio, passed, note=""):
        verdict = "-" if passed is None else ("pass" if passed else "**MISS**")
        self.rows.append((figure, target, measured, baseline, ratio, verdict, note))

    def markdown(self):
        head = ("figure", "target", "measured", "baseline", "ratio", "verdict", "note")
        lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        for row in self.rows:
            lines.append("| " + " | ".join(str(c) for c in row) + " |")
        return "\n".join(lines)


def browse_rows(table, browse):
    if browse is None:
        table.add("runs list (bench_browse)", "-", "not run", "-", "-", None)
        return
    for case in browse.get("cases", []):
        model = case.get("model") or {}
        first = model.get("first_rows") or {}
        sql = (case.get("sql") or {}).get("first_page") or {}
        # As BrowseReport judges it: the model's p95 (what the console shows), for the stuck
        # list (no model) the SQL p95.
        source = first if first.get("n") else sql
        p95, p50 = source.get("p95_ms"), source.get("p50_ms")
        base = case.get("qsqlquerymodel") or {}
        repeated = base.get("set_query") or {}
        base_ms = repeated.get("p50_ms") if repeated.get("n") else base.get("first_set_query_ms")
        ratio = f"{base_ms / p50:,.0f}x" if base_ms and p50 else "-"
        target = case.get("target_ms")
        table.add(f"{case.get('kind')}: {case.get('name')}", f"< {target} ms",
                  f"{fmt(p95, 2)} ms p95 ({fmt(p50, 2)} p50)",
                  f"{fmt(base_ms)} ms" if base_ms else (base.get("skipped") or "-"), ratio,
                  p95 is not None and p95 < target)
    model = browse.get("run_list_model") or {}
    hwm = model.get("vm_hwm_kb")
    whole = next((c.get("qsqlquerymodel", {}) for c in browse.get("cases", [])
                  if c.get("name") == "all runs"), {})
    base_kb = whole.get("vm_hwm_kb")
    table.add("console memory (RunListModel at its 20,000-row cap)", "< 150 MB",
              f"{fmt(hwm / 1024 if hwm else None)} MB",
              f"{fmt(base_kb / 1024)} MB (QSqlQueryModel, all runs)" if base_kb else "-",
              f"{base_kb / hwm:,.0f}x" if hwm and base_kb else "-",
              hwm is not None and hwm / 1024 < 150)


def protocol_rows(table, proto, label):
    if proto is None:
        table.add(f"protocol runs/s ({label})", ">= 1,000", "not run", "-", "-", None)
        return
    rows = proto.get("throughput", [])
    if rows:
        workers = max(r["workers"] for r in rows)
        by_loop = {r["loop"]: r for r in rows if r["workers"] == workers}
        bare = next((r for name, r in by_loop.items() if "INSERT" in name), None)
        for name, r in by_loop.items():
            if "INSERT" in name:
                continue
            rate = r["runs_per_s"]
            table.add(f"claim + 2 steps + succeed, {workers} workers, {name} ({label})",
                      ">= 1,000 runs/s", f"{fmt(rate, 0)} runs/s",
                      f"{fmt(bare['runs_per_s'], 0)} runs/s (6 bare INSERTs)" if bare else "-",
                      f"{rate / bare['runs_per_s']:.2f}" if bare else "-", rate >= 1000)
    lat = proto.get("latency") or {}
    ratio = lat.get("ratio_claim_vs_insert_p50")
    if ratio is not None:
        table.add(f"one claim vs INSERT ON CONFLICT DO NOTHING ({label})", "<= 2.0x at p50",
                  f"{fmt(lat['claim_new']['p50_us'] / 1000, 3)} ms p50",
                  f"{fmt(lat['insert_on_conflict_new']['p50_us'] / 1000, 3)} ms p50",
                  f"{ratio:.2f}x", ratio <= 2.0)


def live_rows(table, live):
    if live is None:
        table.add("live view stall at 1,000 changes/s", "< 50 ms", "not run", "-", "-", None)
        return
    ours = live.get("run_list_model") or {}
    naive = live.get("qsqlquerymodel") or {}
    ours_max = (ours.get("stalls") or {}).get("max_ms")
    naive_max = (naive.get("stalls") or {}).get("max_ms")
    rate = ours.get("changes_per_s")
    blocked = (ours.get("stalls") or {}).get("blocked_share")
    naive_blocked = (naive.get("stalls") or {}).get("blocked_share")
    note = f"{fmt(rate, 0)} changes/s achieved"
    if blocked is not None:
        note += f"; UI thread blocked {blocked:.1%} of the time"
        if naive_blocked is not None:
            note += f" (QSqlQueryModel: {naive_blocked:.1%})"
    if rate is not None and rate < 0.95 * live["settings"]["rate"]:
        note += " (below the asked rate: the writers could not keep up)"
    table.add("live view: max UI-thread stall", f"< {live.get('target_ms', 50)} ms",
              f"{fmt(ours_max)} ms", f"{fmt(naive_max)} ms (QSqlQueryModel re-query)"
              if naive_max is not None else "-",
              f"{naive_max / max(ours_max, 0.1):.1f}x" if naive_max and ours_max is not None
              else "-", ours_max is not None and ours_max < live.get("target_ms", 50), note)


def export_rows(table, export):
    if export is None:
        table.add("CSV export vs COPY TO STDOUT", ">= 80%", "not run", "-", "-", None)
        return
    # bench_export's cases: (a) raw COPY of the rows, (a') COPY of the redacted SELECT, then
    # the exporter's CSV redacted (b) and raw (c). Each CSV is compared with the COPY of the
    # same rows.
    by_case = {r.get("case", "")[:2].strip(): r for r in export.get("results", [])}
    for csv, copy, label in (("c", "a", "raw values"), ("b", "a'", "redacted")):
        if csv not in by_case or copy not in by_case:
            continue
        csv_rate = by_case[csv].get("rows_per_second")
        copy_rate = by_case[copy].get("rows_per_second")
        if not csv_rate or not copy_rate:
            continue
        ratio = csv_rate / copy_rate
        table.add(f"CSV export ({label}) vs COPY TO STDOUT of the same rows", ">= 80%",
                  f"{fmt(csv_rate, 0)} rows/s", f"{fmt(copy_rate, 0)} rows/s (COPY)",
                  f"{ratio:.0%}", ratio >= 0.8)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--browse")
    parser.add_argument("--protocol-nofsync")
    parser.add_argument("--protocol-durable")
    parser.add_argument("--live")
    parser.add_argument("--export")
    parser.add_argument("--header", default="", help="Markdown put before the table")
    parser.add_argument("--out")
    args = parser.parse_args()

    table = Table()
    browse_rows(table, load(args.browse))
    protocol_rows(table, load(args.protocol_nofsync), "fsync off")
    protocol_rows(table, load(args.protocol_durable), "fsync on")
    live_rows(table, load(args.live))
    export_rows(table, load(args.export))
    passed = sum(1 for r in table.rows if r[5] == "pass")
    missed = sum(1 for r in table.rows if r[5] == "**MISS**")
    text = (args.header + "\n\n" + table.markdown() +
            f"\n\n{passed} figures meet their target, {missed} miss.\n")
    print(text)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text)


if __name__ == "__main__":
    main()
