; Shape: `<<< word` is a here-string redirect holding its word.
; Sample: "bash <<< \"echo hi\"\n"
; Walker: redirect

(herestring_redirect
  (string) @text)
