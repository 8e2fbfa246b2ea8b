"""The service's handlers, one module per area; `grader/service/web.py` maps URLs to them."""
