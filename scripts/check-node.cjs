/**
 * The first thing every npm command runs (preinstall, and the head of every script in package.json)
 * and the `confraria` command checks on a server: on a Node older than package.json's `engines`, one
 * line that says which Node is needed, which one runs, and how to get the right one, then exit 1.
 * Without it an older Node gets as far as a native module and dies with "Segmentation fault".
 *
 * Written for any Node that may be on a machine (ES5, CommonJS, nothing but `fs` and `path`): its
 * whole point is to run where the rest of the code cannot even be parsed.
 *
 *   node scripts/check-node.cjs            development: the two commands of docs/development.md
 *   node scripts/check-node.cjs --server   a server: step 1 of docs/deploy.md
 */
'use strict';
var fs = require('fs');
var path = require('path');

/** "22.14.0" from ">=22.14.0" (the only form `engines` uses here). */
function minimumVersion(range) {
  var match = /^>=\s*(\d+)\.(\d+)\.(\d+)$/.exec(String(range).trim());
  if (!match) throw new Error('engines.node em package.json não é ">=X.Y.Z": ' + range);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

function parts(version) {
  return String(version)
    .replace(/^v/, '')
    .split('.')
    .map(function (part) {
      return parseInt(part, 10) || 0;
    });
}

function isAtLeast(version, minimum) {
  var have = parts(version);
  for (var i = 0; i < 3; i++) {
    if ((have[i] || 0) !== minimum[i]) return (have[i] || 0) > minimum[i];
  }
  return true;
}

/** The one line for `running` (a Node version) against `range`, or null when it is supported. */
function refusal(running, range, server) {
  var minimum = minimumVersion(range);
  if (isAtLeast(running, minimum)) return null;
  var fix = server
    ? 'instale o Node 24 como no passo 1 de docs/deploy.md'
    : 'npm ci --prefix .ci/node && export PATH="$PWD/.ci/node/node_modules/node24/bin:$PATH" (docs/development.md)';
  return (
    'A Confraria precisa do Node.js ' +
    minimum.join('.') +
    ' ou mais novo (o 24 LTS), e este é o Node ' +
    String(running).replace(/^v/, '') +
    ': ' +
    fix
  );
}

module.exports = { refusal: refusal };

if (require.main === module) {
  var manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8'));
  var line = refusal(process.versions.node, manifest.engines.node, process.argv.indexOf('--server') !== -1);
  if (line) {
    process.stderr.write(line + '\n');
    process.exit(1);
  }
}
