#!/usr/bin/env node
// Makes solc-js (the npm package `solc`) behave like the native solc binary, as far as foundry-compilers and
// `forge --use` need it:
//   solc-wrapper.js --version                   -> "... Version: <full version>" as the last line
//   solc-wrapper.js --standard-json [flags] < in -> the compiler's JSON output, and nothing else, on stdout
// Accepted path flags: --allow-paths a,b  --base-path p  --include-path p (repeatable). Imports that the
// standard-JSON input does not already contain are read from disk only inside those paths.
// solcjs' own CLI cannot be used for this: it rejects --allow-paths and prints SMT solver notices to stdout.
'use strict';

const fs = require('fs');
const path = require('path');

// soljson writes diagnostics with console.log; stdout must carry the JSON alone, so everything else goes to stderr.
const writeStdout = process.stdout.write.bind(process.stdout);
console.log = (...args) => console.error(...args);
console.info = console.log;
console.warn = (...args) => console.error(...args);

function fail(message) {
  process.stderr.write(`solc-wrapper: ${message}\n`);
  process.exit(1);
}

function parseArgs(argv) {
  const options = { version: false, standardJson: false, basePath: null, includePaths: [], allowPaths: [] };
  const takeValue = (i, flag) => {
    if (i + 1 >= argv.length) fail(`${flag} needs a value`);
    return argv[i + 1];
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inlineValue] = arg.startsWith('--') && arg.includes('=') ? arg.split(/=(.*)/s, 2) : [arg, null];
    const value = () => {
      if (inlineValue !== null) return inlineValue;
      const v = takeValue(i, flag);
      i += 1;
      return v;
    };
    switch (flag) {
      case '--version':
        options.version = true;
        break;
      case '--standard-json':
        options.standardJson = true;
        break;
      case '--base-path':
        options.basePath = value();
        break;
      case '--include-path':
        options.includePaths.push(value());
        break;
      case '--allow-paths':
        options.allowPaths.push(...value().split(',').filter((p) => p.length > 0));
        break;
      case '-':
        break;
      default:
        fail(`unsupported argument '${arg}' (this wrapper implements --version and --standard-json only)`);
    }
  }
  return options;
}

function loadSolc() {
  try {
    return require('solc');
  } catch (err) {
    fail(`cannot load the npm package 'solc' (run 'npm ci' in the repository): ${err.message}`);
  }
  return null;
}

function isInside(dir, file) {
  const relative = path.relative(dir, file);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

function realOrResolved(p) {
  try {
    return fs.realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}

function importResolver(options) {
  const roots = [options.basePath, ...options.includePaths].filter((p) => p !== null).map(realOrResolved);
  const allowed = [...roots, ...options.allowPaths.map(realOrResolved)];
  if (roots.length === 0) roots.push(process.cwd());
  if (allowed.length === 0) allowed.push(realOrResolved(process.cwd()));
  return (importPath) => {
    const candidates = path.isAbsolute(importPath) ? [importPath] : roots.map((root) => path.join(root, importPath));
    for (const candidate of candidates) {
      if (!fs.existsSync(candidate)) continue;
      const real = fs.realpathSync(candidate);
      if (!allowed.some((dir) => isInside(dir, real))) {
        return { error: `import '${importPath}' is outside the allowed paths` };
      }
      return { contents: fs.readFileSync(real, 'utf8') };
    }
    return { error: `import '${importPath}' not found under ${roots.join(', ')}` };
  };
}

function main() {
  const options = parseArgs(process.argv.slice(2));
  if (options.version) {
    const solc = loadSolc();
    writeStdout(`solc, the solidity compiler commandline interface (solc-js wrapper)\nVersion: ${solc.version()}\n`);
    return;
  }
  if (!options.standardJson) fail('expected --version or --standard-json');
  const input = fs.readFileSync(0, 'utf8');
  const solc = loadSolc();
  const output = solc.compile(input, { import: importResolver(options) });
  writeStdout(output);
  writeStdout('\n');
}

main();
