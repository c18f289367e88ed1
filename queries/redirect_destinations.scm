; Shape: Grammar bug #233: words after a redirect's target become more destinations of that redirect.
; Sample: "rm 2>/dev/null -rf x\n"
; Walker: redirect

(file_redirect
  destination: (_) @target
  destination: (_) @detached)
