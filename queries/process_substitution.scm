; Shape: `<(…)` and `>(…)` are process substitutions.
; Sample: "diff <(ls a) >(cat)\n"
; Walker: substitution

(process_substitution) @substitution
