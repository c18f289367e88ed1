; Shape: `==` (and `=~`) among a command's words is an anonymous operator token, not a word.
; Sample: "find / -newer == -delete\n"
; Walker: test_operators_as_words

(command
  "==" @operator)
