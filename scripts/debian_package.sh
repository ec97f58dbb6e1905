# Sourced by the ensure_* scripts: install one of Debian's packages for the suite.
# debian_package PACKAGE WHAT-FOR: installs PACKAGE with apt-get when run as root, else (or
# when the install fails) says what to install and why, and returns 1.
debian_package() {
  local package=$1 why=$2
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "installing $package for $why"
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$package") \
      >/dev/null || { echo "could not install $package" >&2; return 1; }
  else
    echo "missing: install Debian's '$package' package ($why needs it)" >&2
    return 1
  fi
}
