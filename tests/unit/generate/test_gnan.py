"""M-GNAN on tiny hand-built models: features, exact additivity, hand-computed logits, determinism, checkpoints."""

from __future__ import annotations

import json

import numpy as np
import pytest
import torch

from fakes import HashEmbedder
from xgrag.errors import InputError, UsageError
from xgrag.generate.base import Fact, GenerationError
from xgrag.generate.extractive import UNKNOWN
from xgrag.generate.factory import make_generator
from xgrag.generate.gnan.features import POS_DIM, VectorCache, encode, question_text
from xgrag.generate.gnan.model import MGNAN, Batch, MGNANConfig
from xgrag.generate.gnan.reader import (
    CheckpointError,
    GNANReader,
    additivity_error,
    default_checkpoint,
    save_checkpoint,
)
from xgrag.generate.gnan.train import Example, fit, load_questions, split

DIM = 32
QUESTION = "who directed [Film A]"
FACTS = (
    Fact("r1", "Film A", "directed by", "Dir D"),
    Fact("r2", "Film A", "starred actors", "Actor X"),
    Fact("r3", "Film B", "directed by", "Dir D"),
    Fact("r4", "Film C", "starred actors", "Actor Y"),  # another component: 2+ hops from every candidate
)
# pos layout: [is head, is tail, neither, fact hop 0..3, candidate hop 1..4, head nearer, tail nearer, equal]
ROLE_TAIL = 1


def hand_model() -> MGNAN:
    """Two groups with known shape functions: f_relation = relu(cos(q, r)); f_structure = 1 if the candidate is the
    fact's tail else 0. rho = softplus cumulative sums of known raws."""
    cfg = MGNANConfig(dim=DIM, hidden=(1,), max_distance=2, normalize=True, groups=(("cos",), ("pos",)),
                      group_names=("relation", "structure"))
    model = MGNAN(cfg)
    with torch.no_grad():
        for shape in model.shapes:
            shape.bias.zero_()
            last = shape.rest[-1]
            last.weight.fill_(1.0)
            last.bias.zero_()
        model.shapes[0].rel.weight.fill_(1.0)
        model.shapes[1].pos.weight.zero_()
        model.shapes[1].pos.weight[0, ROLE_TAIL] = 1.0
        model.rho_raw.copy_(torch.tensor([1.0, 0.0, -1.0]))
    return model


def softplus(x: float) -> float:
    return float(np.log1p(np.exp(x)))


def test_features_candidates_distances_and_counts() -> None:
    enc = encode(QUESTION, FACTS, VectorCache(HashEmbedder(DIM)), max_distance=2)
    assert enc.mentioned == frozenset({"Film A"})
    assert enc.candidate_names() == ["Actor X", "Actor Y", "Dir D", "Film B", "Film C"]
    d = enc.candidates.index(enc.names.index("Dir D"))
    rows = {int(enc.pair_fact[p]): (int(enc.pair_distance[p]), int(enc.pair_count[p]), enc.pair_pos[p])
            for p in np.flatnonzero(enc.pair_candidate == d)}
    assert sorted(rows) == [0, 1, 2]  # r4 is in another component: no pair
    assert rows[0][:2] == (0, 2) and rows[2][:2] == (0, 2) and rows[1][:2] == (1, 1)
    pos = rows[0][2]
    assert pos.shape == (POS_DIM,) and pos[ROLE_TAIL] == 1 and pos[3] == 1  # tail of a fact at hop 0
    assert pos[7] == 1  # Dir D is 1 hop from the question's entity
    assert question_text(QUESTION, ["Film A"]) == "who directed"
    assert question_text("who directed film a", ["Film A"]) == "who directed"


def test_hand_built_logit_attributions_and_additivity() -> None:
    emb = HashEmbedder(DIM)
    reader = GNANReader(hand_model(), emb)
    scored = reader.score(QUESTION, FACTS)
    q, directed, starred = emb.embed(["who directed", "directed by", "starred actors"])
    c_dir, c_star = max(0.0, float(q @ directed)), max(0.0, float(q @ starred))
    assert c_dir > 0.3  # shares "directed"
    rho0 = softplus(1.0) + softplus(0.0) + softplus(-1.0)
    rho1 = softplus(0.0) + softplus(-1.0)
    # Dir D: r1, r3 at distance 0 (two facts: / 2), Dir D their tail; r2 at distance 1, not its end
    expected_r1 = rho0 / 2 * (c_dir + 1.0)
    expected_r2 = rho1 / 1 * c_star
    assert scored.answer == "Dir D"
    assert scored.attributions["r1"] == pytest.approx(expected_r1, abs=1e-6)
    assert scored.attributions["r3"] == pytest.approx(expected_r1, abs=1e-6)
    assert scored.attributions["r2"] == pytest.approx(expected_r2, abs=1e-6)
    assert scored.attributions["r4"] == 0.0
    assert scored.logit == pytest.approx(2 * expected_r1 + expected_r2, abs=1e-6)  # float32 features
    assert additivity_error(scored) < 1e-9
    assert scored.by_group["r1"]["structure"] == pytest.approx(rho0 / 2, abs=1e-9)
    assert sum(scored.by_group["r1"].values()) == pytest.approx(scored.attributions["r1"], abs=1e-12)
    gen = reader.generate("", question=QUESTION, facts=FACTS)
    assert expected_r2 == 0.0  # no word shared: relu(cos) = 0, so r2 is no evidence
    assert gen.text == "Dir D." and gen.evidence == ["r1", "r3"]  # positive contributions only, ties by id
    assert reader.attributions(QUESTION, FACTS) == scored.attributions


def test_additivity_on_a_random_model_and_every_candidate() -> None:
    torch.manual_seed(3)
    cfg = MGNANConfig(dim=DIM, hidden=(8, 4), groups=(("q", "qr"), ("cos", "pos")), group_names=("a", "b"))
    model = MGNAN(cfg).double()
    enc = encode(QUESTION, FACTS, VectorCache(HashEmbedder(DIM)), 2)
    batch = Batch.of(enc, torch.float64)
    logits, contrib = model(batch)
    from xgrag.generate.gnan.model import attributions_of

    for c in range(batch.n_candidates):
        assert abs(float(attributions_of(batch, contrib, c).sum()) - float(logits[c].detach())) < 1e-12
    rho = model.rho().detach().numpy()
    assert np.all(np.diff(rho) <= 0) and np.all(rho > 0)  # monotone: never grows with the distance


def test_no_facts_and_bad_calls() -> None:
    reader = GNANReader(hand_model(), HashEmbedder(DIM))
    assert reader.generate("", question="who directed [X]", facts=()).text == UNKNOWN
    with pytest.raises(GenerationError, match="question="):
        reader.generate("prompt only")
    with pytest.raises(GenerationError, match="share an id"):
        reader.score(QUESTION, (FACTS[0], FACTS[0]))
    with pytest.raises(UsageError, match="evidence_k"):
        GNANReader(hand_model(), HashEmbedder(DIM), evidence_k=0)
    with pytest.raises(UsageError, match="blocks"):
        MGNANConfig(groups=(("nope",),), group_names=("x",))


def tiny_examples() -> list[Example]:
    vectors = VectorCache(HashEmbedder(DIM))
    out = []
    for question, gold in ((QUESTION, "Dir D"), ("who starred in [Film A]", "Actor X"),
                           ("which films did [Dir D] direct", "Film A")):
        enc = encode(question, FACTS, vectors, 2)
        out.append(Example(question, FACTS, [gold], Batch.of(enc), [enc.candidate_names().index(gold)]))
    return out


def test_training_is_deterministic_and_learns() -> None:
    cfg = MGNANConfig(dim=DIM, hidden=(8,))
    a, info = fit(tiny_examples(), cfg, seed=5, epochs=60, batch_size=3, lr=0.03)
    b, _ = fit(tiny_examples(), cfg, seed=5, epochs=60, batch_size=3, lr=0.03)
    c, _ = fit(tiny_examples(), cfg, seed=6, epochs=60, batch_size=3, lr=0.03)
    sa, sb, sc = a.state_dict(), b.state_dict(), c.state_dict()
    assert all(torch.equal(sa[k], sb[k]) for k in sa)
    assert any(not torch.equal(sa[k], sc[k]) for k in sa)
    assert info["loss"][-1] < info["loss"][0] and info["trained_on"] == 3
    reader = GNANReader(a, HashEmbedder(DIM))
    assert [reader.score(e.question, e.facts).answer for e in tiny_examples()] == ["Dir D", "Actor X", "Film A"]


class OtherEmbedder(HashEmbedder):
    name = "other-embedder"


def test_checkpoint_round_trip_and_errors(tmp_path, monkeypatch) -> None:
    emb = HashEmbedder(DIM)
    path = save_checkpoint(tmp_path / "m.pt", hand_model(), emb.name, {"seed": 1})
    reader = make_generator(f"gnan:{path}", embedder=emb)
    assert isinstance(reader, GNANReader)
    assert reader.attributions(QUESTION, FACTS) == GNANReader(hand_model(), emb).attributions(QUESTION, FACTS)
    assert len(reader.params["checkpoint"]) == 16
    monkeypatch.setenv("XGRAG_HOME", str(tmp_path / "home"))
    assert default_checkpoint() == tmp_path / "home" / "gnan" / "mgnan.pt"
    with pytest.raises(CheckpointError, match="no M-GNAN checkpoint") as err:
        make_generator("gnan", embedder=emb)
    assert err.value.hint and "xgrag train-gnan" in err.value.hint
    assert isinstance(err.value, UsageError)
    (tmp_path / "junk.pt").write_text("not a checkpoint")
    with pytest.raises(CheckpointError, match="not an M-GNAN checkpoint"):
        make_generator(f"gnan:{tmp_path / 'junk.pt'}", embedder=emb)
    torch.save({"format": "something-else"}, tmp_path / "other.pt")
    with pytest.raises(CheckpointError, match="format"):
        make_generator(f"gnan:{tmp_path / 'other.pt'}", embedder=emb)
    with pytest.raises(UsageError, match="trained with the embedder"):
        GNANReader.from_checkpoint(path, OtherEmbedder(DIM))
    with pytest.raises(UsageError, match="checkpoint path is missing"):
        make_generator("gnan:", embedder=emb)
    with pytest.raises(UsageError, match="timeout"):
        make_generator(f"gnan:{path}", embedder=emb, timeout=3)


def test_questions_file_and_split(tmp_path) -> None:
    rows = [{"qid": f"q{i}", "question": f"question {i}", "answers": ["a"], "hops": 1 + i % 2} for i in range(20)]
    f = tmp_path / "q.jsonl"
    f.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    loaded = load_questions(f)
    train, test = split(loaded, 6, 3, seed=1)
    assert len(train) == 12 and len(test) == 6
    assert not {r["qid"] for r in train} & {r["qid"] for r in test}
    assert split(loaded, 6, 3, seed=1) == (train, test) and split(loaded, 6, 3, seed=2) != (train, test)
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps({"question": "q", "answers": []}) + "\n")
    with pytest.raises(InputError, match=r"bad.jsonl:1: field 'answers'"):
        load_questions(bad)
    bad.write_text(json.dumps({"question": "q", "answers": ["a"], "hops": 0}) + "\n")
    with pytest.raises(InputError, match="hops"):
        load_questions(bad)


def test_the_readers_that_cannot_score_are_named_without_building_them() -> None:
    """`reader_that_cannot_score` answers from the spec (no model loaded): its names are the built readers' own,
    and neither reader scores a fixed answer."""
    from xgrag.explain import ExplainSettings
    from xgrag.explain.explainer import require_scorer
    from xgrag.explain.settings import require_scorer_spec
    from xgrag.generate.base import AnswerScorer
    from xgrag.generate.extractive import ExtractiveReader
    from xgrag.generate.factory import READERS_THAT_CANNOT_SCORE, reader_that_cannot_score

    built = {"extractive": ExtractiveReader(HashEmbedder(DIM)), "gnan": GNANReader(hand_model(), HashEmbedder(DIM))}
    assert set(built) == set(READERS_THAT_CANNOT_SCORE)
    logprob = ExplainSettings(response_score="logprob")
    for spec, reader in built.items():
        assert reader_that_cannot_score(f" {spec} ") == reader.name and not isinstance(reader, AnswerScorer)
        with pytest.raises(UsageError) as by_spec:
            require_scorer_spec(spec, logprob)
        with pytest.raises(UsageError) as by_reader:
            require_scorer(reader, logprob)
        assert str(by_spec.value) == str(by_reader.value) and by_spec.value.hint == by_reader.value.hint
        require_scorer_spec(spec, ExplainSettings())  # shift: nothing to refuse
    assert reader_that_cannot_score("gnan:/some/mgnan.pt") == "mgnan-reader"
    for spec in ("smollm2", "openai:m", "ollama:m", "langchain:ollama:m"):  # known once built, not from the spec
        assert reader_that_cannot_score(spec) is None
        require_scorer_spec(spec, logprob)

