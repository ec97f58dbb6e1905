"""A sha256-v1 test vector, computed once with `hashlib` outside the app and shared by the
pure recipe test and the browser draw-check test: the players in draw order."""

SHA256_VECTOR_SEED = 1464393695
SHA256_VECTOR_NAMES = ["Dana", "Eli", "Noa", "Omer", "Tal", "Gil", "Avi", "Ruth", "דנה"]
SHA256_VECTOR_ORDER = ["Avi", "Noa", "Ruth", "דנה", "Tal", "Gil", "Omer", "Dana", "Eli"]
