#!/usr/bin/env python3
"""Samples findings for a precision review: up to N per rule, taken in turn from each app so that
a rule's sample spans as many apps as it fires in, skipping findings already judged.

    Scripts/review/sample.py N OUT.md CORPUS OUTPUTS_DIR [--rules a,b] [--judged verdicts.tsv]

OUTPUTS_DIR holds APP.json from `actorlint check CORPUS/APP --format json --no-cache`. Each
sampled finding is written with its message, fix title and source context, and an empty
`verdict:` line for the reviewer: `verdict: TP|FP|DEBATABLE — one-line reason`.
Standard library only."""
import argparse, json, os, random, sys
from collections import defaultdict
sys.path.insert(0, os.path.dirname(__file__))
from verdicts import read_verdicts, finding_key, relative

parser = argparse.ArgumentParser()
parser.add_argument("n", type=int)
parser.add_argument("out")
parser.add_argument("corpus")
parser.add_argument("outputs")
parser.add_argument("--rules", default="")
parser.add_argument("--judged", default="")
args = parser.parse_args()

judged = set(read_verdicts(args.judged)) if args.judged else set()
want = set(filter(None, args.rules.split(",")))
by_rule = defaultdict(lambda: defaultdict(list))
for name in sorted(os.listdir(args.outputs)):
    if not name.endswith(".json"): continue
    app = name[:-5]
    for f in json.load(open(os.path.join(args.outputs, name)))["findings"]:
        if want and f["rule"] not in want: continue
        f["_app"] = app
        if finding_key(app, relative(args.corpus, app, f["path"]), f["line"], f["rule"]) in judged: continue
        by_rule[f["rule"]][app].append(f)

rng = random.Random(1252281)
with open(args.out, "w") as o:
    o.write("# Findings sample\n\n")
    for rule in sorted(by_rule):
        apps = by_rule[rule]
        queues = {app: rng.sample(items, len(items)) for app, items in sorted(apps.items())}
        order = sorted(queues); rng.shuffle(order)
        picked = []
        while len(picked) < args.n and any(queues.values()):
            for app in order:
                if queues[app] and len(picked) < args.n: picked.append(queues[app].pop())
        total = sum(len(v) for v in apps.values())
        o.write(f"## {rule}: {total} unjudged findings in {len(apps)} apps, {len(picked)} sampled\n\n")
        for k, f in enumerate(picked, 1):
            path = f["path"] if os.path.isabs(f["path"]) else os.path.join(args.corpus, f["_app"], f["path"])
            try: lines = open(path, errors="replace").read().split("\n")
            except OSError: lines = []
            end = f.get("endLine", f["line"])
            lo, hi = max(1, f["line"] - 12), min(len(lines), end + 10)
            o.write(f"### {rule} #{k} — {path}:{f['line']}:{f['column']}\n{f['message']}\n")
            if f.get("fix"): o.write(f"fix ({f['fix']['safety']}): {f['fix'].get('title', '')}\n")
            o.write("```swift\n")
            for i in range(lo, hi + 1):
                mark = ">" if f["line"] <= i <= end else " "
                o.write(f"{mark}{i:5} {lines[i - 1]}\n")
            o.write("```\nverdict: \n\n")
