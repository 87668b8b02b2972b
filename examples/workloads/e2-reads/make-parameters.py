#!/usr/bin/env python3
"""E2's parameter sets as the workload file's CSV parameter files, from a generated social dataset's read-parameters.json.

    graphperf datagen social --scale 1 --seed 1 --out /tmp/social
    python3 make-parameters.py /tmp/social/read-parameters.json

writes people.csv, groups.csv, pairs.csv, batches.csv, person-activity.csv, person-activities.csv and person-message.csv beside this
script, as `graphperf run reads` draws them (a person's first activity and first message where a query takes one). The integration
test WorkloadIT checks that these files are what the generator gives at scale 1, seed 1.
"""
import json
import os
import sys


def write(name, header, rows):
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), name), "w") as f:
        f.write(header + "\n")
        for r in rows:
            f.write(",".join(";".join(str(x) for x in v) if isinstance(v, list) else str(v) for v in r) + "\n")


def main(path):
    p = json.load(open(path))
    write("people.csv", "person:long", [[x] for x in p["people"]])
    write("groups.csv", "group:long", [[x] for x in p["groups"]])
    write("pairs.csv", "a:long,b:long", [[a, b] for a, b in p["personPairs"]])
    write("batches.csv", "people:long[]", [[b] for b in p["peopleBatches"]])
    write("person-activity.csv", "person:long,activity:long", [[x["person"], x["activities"][0]] for x in p["personActivities"]])
    write("person-activities.csv", "person:long,activities:long[]", [[x["person"], x["activities"]] for x in p["personActivities"]])
    write("person-message.csv", "person:long,message:long", [[x["person"], x["messages"][0]] for x in p["personMessages"]])


if __name__ == "__main__":
    main(sys.argv[1])
