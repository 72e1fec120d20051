"""A synthetic domain graph of about 1M nodes and 3M relationships, written into the Neo4j at NEO4J_URI, for
bench_domain_scale.py: several labels each named its own way, facts in node and relationship properties, and the
things `schema infer` must leave out (an embedding list, a blob, free text, foreign keys).

Model (default scale 1.0; `--scale 0.01` for a quick run), every value from a seeded generator:
  (:Customer {customerId, firstName, lastName, city, birthDate, notes})            200,000   composed name
  (:Product {productId, productName, price, sku, embedding, categoryId})           50,000   16-float embedding
  (:Category {categoryId, categoryName, picture})                                   100       hex blob
  (:Supplier {supplierId, companyName, country})                                     5,000
  (:Employee {employeeId, firstName, lastName, title})                               1,000
  (:Order {orderNo, orderDate, total, customerId})                                 743,900   nameless: "Order <orderNo>"
  (:Customer)-[:PLACED]->(:Order), (:Employee)-[:HANDLED]->(:Order), (:Product)-[:IN_CATEGORY]->(:Category),
  (:Supplier)-[:SUPPLIES]->(:Product), (:Order)-[:CONTAINS {quantity, price}]->(:Product) (2 per order on average)
Nodes 1,000,000, relationships ~3.03M at scale 1. Uniqueness constraints on the keys (a team's graph has them).
Usage: NEO4J_URI=bolt://... python benchmarks/synthetic_domain.py [--scale 1.0] [--seed 7]"""
from __future__ import annotations

import argparse
import os
import random
import time
from collections.abc import Iterator

FIRST = ("Ada Alan Anna Boris Carla Dana Elif Emil Farah Gita Hugo Ines Jonas Kira Liam Lena Maya Nils Omar Olga "
         "Paul Petra Quinn Rosa Sami Sara Tomas Uma Vera Wim Xena Yuri Zoe").split()
LAST = ("Abbott Berg Costa Dahl Ek Fontaine Garcia Horvat Ito Jansen Kowalski Lund Moreau Novak Okafor Petrov Quist "
        "Rossi Silva Tanaka Urban Vidal Weber Xu Young Zhang").split()
WORDS = ("amber arctic basil cedar copper delta ember falcon garnet harbor indigo juniper kestrel lumen maple nectar "
         "onyx pepper quartz raven saffron tundra umber velvet willow yarrow zephyr").split()
CITIES = "Lisbon Oslo Lyon Porto Graz Turin Leeds Malmo Gdansk Ghent Bergen Brno Cork Basel Split".split()
BATCH = 10_000
# each label's key, unique by constraint (named "<label>_<key>")
KEYS = (("Customer", "customerId"), ("Product", "productId"), ("Category", "categoryId"), ("Supplier", "supplierId"),
        ("Employee", "employeeId"), ("Order", "orderNo"))


def counts(scale: float) -> dict[str, int]:
    base = {"Customer": 200_000, "Product": 50_000, "Category": 100, "Supplier": 5_000, "Employee": 1_000}
    out = {k: max(10, int(v * scale)) for k, v in base.items()}
    out["Order"] = max(10, int(1_000_000 * scale) - sum(out.values()))
    return out


def batches(rows: Iterator[dict], size: int = BATCH) -> Iterator[list[dict]]:
    chunk: list[dict] = []
    for row in rows:
        chunk.append(row)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def generate(driver, scale: float = 1.0, seed: int = 7) -> dict[str, int]:
    rnd = random.Random(seed)
    n = counts(scale)
    for label, key in KEYS:
        driver.execute_query(f"CREATE CONSTRAINT {label}_{key} IF NOT EXISTS FOR (n:{label}) REQUIRE n.{key} IS UNIQUE")

    def write(query: str, rows: Iterator[dict]) -> None:
        for chunk in batches(rows):
            driver.execute_query(query, rows=chunk)

    write("UNWIND $rows AS r CREATE (c:Category) SET c = r",
          ({"categoryId": i, "categoryName": f"{WORDS[i % len(WORDS)].title()} {i}",
            "picture": "0x" + "".join(rnd.choice("0123456789ABCDEF") for _ in range(400))}
           for i in range(n["Category"])))
    write("UNWIND $rows AS r CREATE (s:Supplier) SET s = r",
          ({"supplierId": i, "companyName": f"{rnd.choice(WORDS).title()} {rnd.choice(WORDS).title()} Ltd {i}",
            "country": rnd.choice(CITIES)} for i in range(n["Supplier"])))
    write("UNWIND $rows AS r CREATE (p:Product) SET p = r",
          ({"productId": i, "productName": f"{rnd.choice(WORDS).title()} {rnd.choice(WORDS)} {i}",
            "price": round(rnd.uniform(1, 200), 2), "sku": f"SKU-{i:07d}", "categoryId": rnd.randrange(n["Category"]),
            "embedding": [round(rnd.uniform(-1, 1), 4) for _ in range(16)]} for i in range(n["Product"])))
    write("UNWIND $rows AS r CREATE (c:Customer) SET c = r",
          ({"customerId": i, "firstName": rnd.choice(FIRST), "lastName": f"{rnd.choice(LAST)}{i}",
            "city": rnd.choice(CITIES), "birthDate": f"{rnd.randrange(1940, 2005)}-{rnd.randrange(1, 13):02d}-"
                                                  f"{rnd.randrange(1, 29):02d}",
            "notes": " ".join(rnd.choice(WORDS) for _ in range(60))} for i in range(n["Customer"])))
    write("UNWIND $rows AS r CREATE (e:Employee) SET e = r",
          ({"employeeId": i, "firstName": rnd.choice(FIRST), "lastName": f"{rnd.choice(LAST)}-{i}",
            "title": rnd.choice(["Sales Rep", "Manager", "Clerk"])} for i in range(n["Employee"])))
    write("UNWIND $rows AS r CREATE (o:Order) SET o = r",
          ({"orderNo": 100_000 + i, "orderDate": f"20{rnd.randrange(10, 26)}-{rnd.randrange(1, 13):02d}-"
                                                  f"{rnd.randrange(1, 29):02d}",
            "total": round(rnd.uniform(5, 900), 2), "customerId": rnd.randrange(n["Customer"])}
           for i in range(n["Order"])))
    write("UNWIND $rows AS r MATCH (p:Product {productId: r.p}), (c:Category {categoryId: r.c}) "
          "CREATE (p)-[:IN_CATEGORY]->(c)",
          ({"p": i, "c": rnd.randrange(n["Category"])} for i in range(n["Product"])))
    write("UNWIND $rows AS r MATCH (s:Supplier {supplierId: r.s}), (p:Product {productId: r.p}) "
          "CREATE (s)-[:SUPPLIES]->(p)",
          ({"s": rnd.randrange(n["Supplier"]), "p": i} for i in range(n["Product"])))
    write("UNWIND $rows AS r MATCH (c:Customer {customerId: r.c}), (o:Order {orderNo: r.o}) CREATE (c)-[:PLACED]->(o)",
          ({"c": rnd.randrange(n["Customer"]), "o": 100_000 + i} for i in range(n["Order"])))
    write("UNWIND $rows AS r MATCH (e:Employee {employeeId: r.e}), (o:Order {orderNo: r.o}) "
          "CREATE (e)-[:HANDLED]->(o)",
          ({"e": rnd.randrange(n["Employee"]), "o": 100_000 + i} for i in range(n["Order"])))
    contains = int(n["Order"] * 2)
    write("UNWIND $rows AS r MATCH (o:Order {orderNo: r.o}), (p:Product {productId: r.p}) "
          "CREATE (o)-[:CONTAINS {quantity: r.q, price: r.price}]->(p)",
          ({"o": 100_000 + rnd.randrange(n["Order"]), "p": rnd.randrange(n["Product"]), "q": rnd.randrange(1, 20),
            "price": round(rnd.uniform(1, 200), 2)} for _ in range(contains)))
    (nodes,), _, _ = driver.execute_query("MATCH (x) RETURN count(x)")
    (rels,), _, _ = driver.execute_query("MATCH ()-[r]->() RETURN count(r)")
    return {"nodes": nodes[0], "relationships": rels[0]}


if __name__ == "__main__":
    from neo4j import GraphDatabase

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scale", type=float, default=1.0)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    pw = os.environ.get("NEO4J_PASSWORD")
    auth = (os.environ.get("NEO4J_USER", "neo4j"), pw) if pw else None
    t0 = time.perf_counter()
    with GraphDatabase.driver(os.environ["NEO4J_URI"], auth=auth) as drv:
        out = generate(drv, args.scale, args.seed)
    print(f"synthetic domain graph: {out['nodes']:,} nodes, {out['relationships']:,} relationships "
          f"in {time.perf_counter() - t0:.0f} s")
