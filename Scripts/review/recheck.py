#!/usr/bin/env python3
"""Re-checks the judged set against a run: per rule, which judged true positives are still
reported, which false positives are gone, the precision of what is reported now, and how many
current findings nobody has judged yet.

    Scripts/review/recheck.py CORPUS OUTPUTS_DIR [--verdicts TSV] [--markdown OUT.md] [--by-app]

OUTPUTS_DIR holds APP.json from `actorlint check CORPUS/APP --format json --no-cache` (the default
set) for the apps of the judged set. Precision counts clear verdicts: TP / (TP + FP). Exit status
1 when a judged app's output is missing. Standard library only."""
import argparse, json, os, sys
from collections import Counter, defaultdict
sys.path.insert(0, os.path.dirname(__file__))
from verdicts import read_verdicts, finding_key, relative

parser = argparse.ArgumentParser()
parser.add_argument("corpus")
parser.add_argument("outputs")
parser.add_argument("--verdicts", default=os.path.join(os.path.dirname(__file__), "verdicts.tsv"))
parser.add_argument("--markdown")
parser.add_argument("--by-app", action="store_true")
args = parser.parse_args()

verdicts = read_verdicts(args.verdicts)
apps = sorted({key[0] for key in verdicts})
current = set()
missing = []
for app in apps:
    path = os.path.join(args.outputs, app + ".json")
    if not os.path.exists(path):
        missing.append(app)
        continue
    for f in json.load(open(path))["findings"]:
        current.add(finding_key(app, relative(args.corpus, app, f["path"]), f["line"], f["rule"]))
# Findings of apps outside the judged set are not counted: nobody judged them.

def pct(a, b): return f"{100 * a / b:.0f}%" if b else "–"

rows = defaultdict(lambda: Counter())
per_app = defaultdict(lambda: Counter())
for key, row in verdicts.items():
    rule, verdict, when = key[3], row["verdict"], row["round"]
    r = rows[rule]
    if when == "before":
        r["before " + verdict] += 1
        if verdict == "TP": r["tp kept"] += key in current
        if verdict == "FP": r["fp gone"] += key not in current
    if key in current:
        r["now " + verdict] += 1
        per_app[(rule, key[0])]["now " + verdict] += 1
    if when == "before":
        per_app[(rule, key[0])]["before " + verdict] += 1
unjudged = Counter(key[3] for key in current if key not in verdicts)
for rule, count in unjudged.items(): rows[rule]["unjudged"] = count

lines = ["| rule | before: TP / FP / debatable | before precision | TP kept | FP gone | now: TP / FP / debatable | now precision | unjudged now |",
         "|---|---|---:|---:|---:|---|---:|---:|"]
total = Counter()
for rule in sorted(rows):
    r = rows[rule]
    total.update(r)
    bt, bf, bd = r["before TP"], r["before FP"], r["before DEBATABLE"]
    nt, nf, nd = r["now TP"], r["now FP"], r["now DEBATABLE"]
    lines.append(f"| {rule} | {bt} / {bf} / {bd} | {pct(bt, bt + bf)} | {r['tp kept']}/{bt} | {r['fp gone']}/{bf} | "
                 f"{nt} / {nf} / {nd} | {pct(nt, nt + nf)} | {r['unjudged']} |")
bt, bf, nt, nf = total["before TP"], total["before FP"], total["now TP"], total["now FP"]
lines.append(f"| **all** | {bt} / {bf} / {total['before DEBATABLE']} | {pct(bt, bt + bf)} | {total['tp kept']}/{bt} | "
             f"{total['fp gone']}/{bf} | {nt} / {nf} / {total['now DEBATABLE']} | {pct(nt, nt + nf)} | {total['unjudged']} |")
if args.by_app:
    lines += ["", "| rule | app | before TP / FP | now TP / FP |", "|---|---|---|---|"]
    for (rule, app), c in sorted(per_app.items()):
        lines.append(f"| {rule} | {app} | {c['before TP']} / {c['before FP']} | {c['now TP']} / {c['now FP']} |")
text = "\n".join(lines) + "\n"
print(text, end="")
if args.markdown: open(args.markdown, "w").write(text)
if missing:
    print("missing outputs for: " + ", ".join(missing), file=sys.stderr)
    sys.exit(1)
