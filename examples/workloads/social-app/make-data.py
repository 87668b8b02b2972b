#!/usr/bin/env python3
"""The social-app example's data, in the importer's header format (graphperf datagen's layout): 1,000 users, 4,000 posts, 8,000
follows (no user follows another twice, none follows itself) and who posted what. Deterministic: the same files every time.

    python3 make-data.py      # rewrites data/ beside this script
"""
import os
import random

rng = random.Random(20261201)
here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")
os.makedirs(here, exist_ok=True)
cities = ["Lisbon", "Porto", "Madrid", "Lyon", "Turin", "Ghent", "Leeds", "Cork", "Gdansk", "Brno"]


def write(name, header, rows):
    with open(os.path.join(here, name + "-header.csv"), "w") as f:
        f.write(header + "\n")
    with open(os.path.join(here, name + "-part-00000.csv"), "w") as f:
        for r in rows:
            f.write(",".join(str(v) for v in r) + "\n")


USERS, POSTS, FOLLOWS = 1000, 4000, 8000
write("User", "userId:ID(User),name,city,age:int", [[u, f"user{u}", rng.choice(cities), rng.randint(18, 80)] for u in range(1, USERS + 1)])
write("Post", "postId:ID(Post),words:int,createdAt:long", [[p, rng.randint(3, 300), 1_700_000_000 + p * 60] for p in range(1, POSTS + 1)])
write("POSTED", ":START_ID(User),:END_ID(Post)", [[rng.randint(1, USERS), p] for p in range(1, POSTS + 1)])
pairs = set()
while len(pairs) < FOLLOWS:
    a, b = rng.randint(1, USERS), rng.randint(1, USERS)
    if a != b:
        pairs.add((a, b))
write("FOLLOWS", ":START_ID(User),:END_ID(User),since:long", [[a, b, 1_690_000_000 + i] for i, (a, b) in enumerate(sorted(pairs))])
