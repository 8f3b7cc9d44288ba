"""Chess under the FIDE Laws as a variant of the kernel."""
