; Shape: A heredoc piped into another command: the pipeline sits inside the heredoc's redirect, as a one-command pipeline.
; Sample: "cat <<EOF | bash\necho hi\nEOF\n"
; Walker: embedded_pipeline, pipeline_stages

(redirected_statement
  redirect: (heredoc_redirect
    (pipeline) @hidden_pipeline))
