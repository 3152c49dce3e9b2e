# carereport — make demo: set up, build, install for you, render the sample data; make test: every test and check.
PREFIX ?= /usr/local
SWIFT ?= swift
# make demo installs the binary into DEMO_PREFIX/bin; left empty, into /usr/local/bin when writable
# (root, CI), else ~/.local/bin, adding that to the PATH in ~/.profile and ~/.bashrc when a new shell
# would not search it (scripts/install-demo.sh). install-demo installs DEMO_BIN the same way.
DEMO_PREFIX ?=
DEMO_BIN ?= .build/release/carereport
# Everything the demo writes goes into out/ (git-ignored).
DEMO_OUT ?= out/demo-site
DEMO_NOW ?= 2025-04-18T18:00:00-07:00
RELEASE_BIN = .build/release/carereport
# The release binary carries the Swift runtime and Foundation inside it: it runs where no toolchain
# is installed (a plain binary would look for them in the toolchain's folder), and it starts in
# about half the time (6.5 ms against 12 ms: no dynamic linking of 30 libraries).
RELEASE_FLAGS = -c release --static-swift-stdlib --product carereport
# Linking Foundation statically brings glibc's link-time note on its use of mktemp (Foundation's
# own, not carereport's), which says nothing about this build: left out of its output.
LINK_NOTES = grep --line-buffered -v "is dangerous, better use"

DEBUG_BIN = .build/debug/carereport

.PHONY: demo install-demo test setup setup-build build release install install-bin uninstall clean bench fuzz stamp

setup:
	@scripts/setup-machine.sh test

setup-build:
	@scripts/setup-machine.sh build

# The commit being built, for `carereport --version`.
stamp:
	@scripts/stamp-commit.sh

build: setup-build stamp
	@python3 scripts/embed-templates.py
	$(SWIFT) build

release: setup-build stamp
	@python3 scripts/embed-templates.py
	@bash -o pipefail -c '$(SWIFT) build $(RELEASE_FLAGS) 2>&1 | { $(LINK_NOTES) || true; }'

demo: release
	@mkdir -p out
	@scripts/install-demo.sh $(RELEASE_BIN) "$(DEMO_PREFIX)" > out/install-demo.txt || { cat out/install-demo.txt; exit 1; }
	@scripts/demo.sh "$$(sed -n 's/^carereport is installed in //p' out/install-demo.txt)/carereport" sample-data $(DEMO_OUT) $(DEMO_NOW)
	@cat out/install-demo.txt

# The demo's install step alone, for a binary already built (Tests/cli/test_demo_install.py).
install-demo:
	@scripts/install-demo.sh $(DEMO_BIN) "$(DEMO_PREFIX)"

# The binary alone (make install adds the man page and completions).
install-bin:
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 $(RELEASE_BIN) $(DESTDIR)$(PREFIX)/bin/carereport

test: setup
	python3 scripts/embed-templates.py --check
	python3 scripts/extract-messages.py --check
	python3 scripts/make-sample-data.py --check
	python3 scripts/make-code-names.py --check
	@scripts/stamp-commit.sh
	# A compiler warning about Sources/ or Tests/ fails the run (a fresh clone, as CI builds, sees them all).
	scripts/no-warnings.sh $(SWIFT) build
	scripts/no-warnings.sh $(SWIFT) test
	# Tests/cli holds test_readme.py: every `$$ carereport …` console block of the README, run in a scratch folder.
	CAREREPORT_BIN=$(DEBUG_BIN) python3 -m pytest -q Tests/schema Tests/cli Tests/site
	# The Kubernetes manifests against the current API schema and the oldest release they support (1.29).
	kubernetes-validate --strict --quiet deploy/kubernetes/*.yaml
	kubernetes-validate --strict --quiet --kubernetes-version 1.29.0 deploy/kubernetes/*.yaml

fuzz: setup-build
	@python3 scripts/embed-templates.py
	@scripts/fuzz.sh

# The current release beside the previous one (bench/baseline), byte identity included: exits 1 when
# an output differs. Variables: scripts/bench.sh's header and docs/performance.md.
bench: setup-build stamp
	@python3 scripts/embed-templates.py
	@scripts/bench.sh

# The manual's plugin relinks .build/release/carereport without --static-swift-stdlib, so the static
# binary is set aside first and that copy is installed.
INSTALL_BIN = .build/carereport-static

install: release
	cp $(RELEASE_BIN) $(INSTALL_BIN)
	$(SWIFT) package --allow-writing-to-package-directory generate-manual >/dev/null
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 \
		$(DESTDIR)$(PREFIX)/share/bash-completion/completions $(DESTDIR)$(PREFIX)/share/zsh/site-functions \
		$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	install -m 755 $(INSTALL_BIN) $(DESTDIR)$(PREFIX)/bin/carereport
	python3 scripts/man-page.py .build/plugins/GenerateManual/outputs/carereport/carereport.1 > .build/carereport.1
	install -m 644 .build/carereport.1 $(DESTDIR)$(PREFIX)/share/man/man1/carereport.1
	$(INSTALL_BIN) --generate-completion-script bash > $(DESTDIR)$(PREFIX)/share/bash-completion/completions/carereport
	$(INSTALL_BIN) --generate-completion-script zsh > $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_carereport
	$(INSTALL_BIN) --generate-completion-script fish > $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/carereport.fish
	@echo "installed carereport, its man page and completions under $(DESTDIR)$(PREFIX)"

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/carereport $(DESTDIR)$(PREFIX)/share/man/man1/carereport.1 \
		$(DESTDIR)$(PREFIX)/share/bash-completion/completions/carereport \
		$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_carereport \
		$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/carereport.fish

clean:
	rm -rf .build .build-fuzz fuzz-findings out Sources/CFileSwap/build_commit.h
