#!/usr/bin/env python3
"""Which judged findings a change lost or kept: the judged true positives no longer reported and
the judged false positives still reported, with the reviewer's reason, for the rules asked.

    Scripts/review/diff.py CORPUS OUTPUTS_DIR [RULE...] [--verdicts TSV]

OUTPUTS_DIR holds APP.json from `actorlint check CORPUS/APP --format json --no-cache`.
Standard library only."""
import argparse, json, os, sys
sys.path.insert(0, os.path.dirname(__file__))
from verdicts import read_verdicts, finding_key, relative

parser = argparse.ArgumentParser()
parser.add_argument("corpus")
parser.add_argument("outputs")
parser.add_argument("rules", nargs="*")
parser.add_argument("--verdicts", default=os.path.join(os.path.dirname(__file__), "verdicts.tsv"))
args = parser.parse_args()

current = set()
for name in sorted(os.listdir(args.outputs)):
    if not name.endswith(".json"): continue
    app = name[:-5]
    data = json.load(open(os.path.join(args.outputs, name)))
    for finding in data["findings"] if isinstance(data, dict) else data:
        current.add(finding_key(app, relative(args.corpus, app, finding["path"]), finding["line"], finding["rule"]))

apps = {name[:-5] for name in os.listdir(args.outputs) if name.endswith(".json")}
for key, row in sorted(read_verdicts(args.verdicts).items()):
    app, path, line, rule = key
    if args.rules and rule not in args.rules or app not in apps: continue
    if row["verdict"] == "TP" and key not in current:
        print(f"TP lost   {rule}  {app}/{path}:{line}  — {row['reason'][:160]}")
    elif row["verdict"] == "FP" and key in current:
        print(f"FP stays  {rule}  {app}/{path}:{line}  — {row['reason'][:160]}")
