"""The only package that touches the browser (pyscript / js)."""
