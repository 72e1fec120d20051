// Saved explanations over time: one row per UTC day, newest first, with what they cost.
// Optional (null = no filter): $question (case-insensitive substring), $since, $until (ISO-8601),
// $limit (days; null: 30), $schema_key (the mapping it was saved under, as in explanations_query).
MATCH (x:XgragExplanation)
WHERE ($question IS NULL OR toLower(x.question) CONTAINS toLower($question))
  AND ($since IS NULL OR x.created_at >= datetime($since))
  AND ($until IS NULL OR x.created_at < datetime($until))
  AND ($schema_key IS NULL OR x.schema_key IS NULL OR x.schema_key = $schema_key)
WITH date(x.created_at) AS day, x
WITH day, count(x) AS explanations, count(DISTINCT x.question) AS questions,
     sum(coalesce(x.generator_calls, 0)) AS generator_calls, sum(coalesce(x.prompt_tokens, 0)) AS prompt_tokens,
     sum(coalesce(x.completion_tokens, 0)) AS completion_tokens, sum(coalesce(x.cache_hits, 0)) AS cache_hits,
     sum(coalesce(x.perturbations, 0)) AS perturbations, sum(coalesce(x.seconds, 0.0)) AS seconds,
     collect(DISTINCT x.generator) AS generators, collect(DISTINCT x.strategy) AS strategies
ORDER BY day DESC
LIMIT coalesce($limit, 30)
RETURN toString(day) AS day, explanations, questions, generator_calls, prompt_tokens, completion_tokens,
       cache_hits, perturbations, seconds, generators, strategies
