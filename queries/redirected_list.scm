; Shape: `a && b > f`: the redirection hangs on the whole list, where bash gives it to the last command.
; Sample: "a && b > f\n"
; Walker: redirected

(redirected_statement
  body: (list) @list
  redirect: (file_redirect))
