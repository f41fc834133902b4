// A ResourceSync Destination on the npm `pubsubhubbub` 1.0.2 subscriber, runnable as a referee.
//
//     NODE_PATH=DIR/node_modules node pubsubhubbub_subscriber.js [TOPIC] [--caplist CAPLIST]
//
// The library (installed by the tests with `npm install pubsubhubbub@1.0.2`, never committed)
// subscribes, answers the hub's verifications and checks X-Hub-Signature; it does no
// discovery, so this script does it as a Destination would: the topic's HTTP Link headers
// (rel="hub", rel="self"; fetch follows redirects), or, when they name no hub or only a
// Capability List is given, each change-notification and framework-notification channel
// of the Capability List with its rs:ln rel="hub". For each
// notification the library accepts ("feed"), every resource it names (<loc> of each <url>
// or <sitemap>, but a deleted one) is fetched. Leases are renewed at two thirds of what
// the hub granted; SIGTERM (or SIGINT) unsubscribes, waits for the hub's verification, and
// exits. `--no-secret` subscribes without one. Secrets are never printed.
// Lines on stdout: `callback-port N`, then one line per event.
'use strict';

const crypto = require('crypto');
const zlib = require('zlib');
const pubsubhubbub = require('pubsubhubbub');

const CHANNELS = ['change-notification', 'framework-notification'];
const MAX_CONTENT_SIZE = 32 * 1024 * 1024; // ResourceSync notifications outgrow the 3 MiB default
const UNSUBSCRIBE_WAIT_MS = 10000;

function say(...words) {
    process.stdout.write(words.join(' ') + '\n');
}

function attribute(tag, name) {
    const match = new RegExp(`\\b${name}\\s*=\\s*("([^"]*)"|'([^']*)')`).exec(tag);
    return match ? unescapeXml(match[2] !== undefined ? match[2] : match[3]) : undefined;
}

function unescapeXml(text) {
    return text
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&apos;/g, "'")
        .replace(/&amp;/g, '&');
}

function entries(xml) {
    // each <url> or <sitemap> element: its <loc>, its rs:md tag and its rs:ln tags
    const found = [];
    for (const match of xml.matchAll(/<(?:\w+:)?(url|sitemap)\b[^>]*>([\s\S]*?)<\/(?:\w+:)?\1>/g)) {
        const inner = match[2];
        const loc = /<(?:\w+:)?loc>\s*([\s\S]*?)\s*<\/(?:\w+:)?loc>/.exec(inner);
        const md = /<\w+:md\b[^>]*>/.exec(inner);
        found.push({
            loc: loc ? unescapeXml(loc[1]) : '',
            md: md ? md[0] : '',
            links: [...inner.matchAll(/<\w+:ln\b[^>]*>/g)].map(m => m[0])
        });
    }
    return found;
}

function notificationLocs(body) {
    if (body[0] === 0x1f && body[1] === 0x8b) {
        body = zlib.gunzipSync(body); // a gzip-encoded body the hub passed on as it was
    }
    return entries(body.toString('utf-8'))
        .filter(e => e.loc && attribute(e.md, 'change') !== 'deleted')
        .map(e => e.loc);
}

function linkRels(header) {
    const rels = {};
    for (const match of (header || '').matchAll(/<([^>]*)>([^,<]*)/g)) {
        const rel = /rel\s*=\s*"?([^";]+)"?/i.exec(match[2]);
        for (const name of rel ? rel[1].trim().toLowerCase().split(/\s+/) : []) {
            if (!(name in rels)) {
                rels[name] = match[1];
            }
        }
    }
    return rels;
}

async function discoverTopic(url) {
    const response = await fetch(url);
    const rels = linkRels(response.headers.get('link'));
    return rels.hub ? [{ topic: rels.self || response.url, hub: rels.hub }] : [];
}

async function capabilityListChannels(url) {
    const response = await fetch(url);
    if (!response.ok) {
        throw new Error('Capability List answered ' + response.status);
    }
    const xml = await response.text();
    const head = xml.replace(/<(?:\w+:)?url\b[\s\S]*$/, '');
    const documentHub = [...head.matchAll(/<\w+:ln\b[^>]*>/g)]
        .map(m => m[0])
        .filter(tag => attribute(tag, 'rel') === 'hub')
        .map(tag => attribute(tag, 'href'))[0];
    return entries(xml)
        .filter(e => CHANNELS.includes(attribute(e.md, 'capability')))
        .map(e => {
            const hub = e.links.filter(tag => attribute(tag, 'rel') === 'hub').map(tag => attribute(tag, 'href'))[0];
            return { topic: e.loc, hub: hub || documentHub };
        })
        .filter(c => c.topic && c.hub);
}

async function channelsOf(topicUrl, caplist) {
    // the topic's own Link headers when they name a hub, else the Capability List's channels
    if (topicUrl) {
        const found = await discoverTopic(topicUrl);
        if (found.length || !caplist) {
            return found;
        }
        say('no-hub-at-topic', topicUrl);
    }
    const channels = await capabilityListChannels(caplist);
    if (!channels.length) {
        say('no-channel', caplist);
    }
    return channels;
}

async function fetchResource(loc) {
    try {
        const response = await fetch(loc);
        await response.arrayBuffer();
        say('fetched', loc, response.status);
    } catch (error) {
        say('fetch-failed', loc, error.name);
    }
}

async function main() {
    let withSecret = true;
    let caplist;
    let topicUrl;
    const args = process.argv.slice(2);
    for (let i = 0; i < args.length; i++) {
        if (args[i] === '--no-secret') {
            withSecret = false;
        } else if (args[i] === '--caplist') {
            caplist = args[++i];
        } else {
            topicUrl = args[i];
        }
    }
    if (!caplist && !topicUrl) {
        process.stderr.write('usage: pubsubhubbub_subscriber.js [TOPIC] [--caplist URL] [--no-secret]\n');
        process.exit(2);
    }

    const subscriber = pubsubhubbub.createServer({
        secret: withSecret ? crypto.randomBytes(24).toString('hex') : undefined,
        maxContentSize: MAX_CONTENT_SIZE
    });
    const active = new Map(); // topic -> hub, while subscribed
    const renewals = new Map(); // topic -> timer
    let channels = [];

    subscriber.on('error', error => say('error', error.message));
    subscriber.on('denied', data => say('denied', data.topic, data.error ? data.error.message : ''));
    subscriber.on('subscribe', data => {
        const channel = channels.find(c => c.topic === data.topic);
        say('subscribe verified', data.topic);
        if (!channel) {
            return;
        }
        active.set(channel.topic, channel.hub);
        clearTimeout(renewals.get(channel.topic));
        const leftMs = data.lease * 1000 - Date.now();
        if (leftMs > 0) {
            const timer = setTimeout(() => {
                say('renewing');
                subscriber.subscribe(channel.topic, channel.hub);
            }, (leftMs * 2) / 3);
            renewals.set(channel.topic, timer);
        }
    });
    subscriber.on('unsubscribe', data => {
        say('unsubscribe verified', data.topic);
        active.delete(data.topic);
        clearTimeout(renewals.get(data.topic));
    });
    subscriber.on('feed', data => {
        let locs = [];
        try {
            locs = notificationLocs(data.feed);
        } catch (error) {
            say('unreadable-notification', error.message);
        }
        say('notification', data.topic, data.feed.length, 'bytes', locs.length, 'resource(s)');
        for (const loc of locs) {
            fetchResource(loc);
        }
    });

    await new Promise(resolve => {
        subscriber.on('listen', resolve);
        subscriber.listen(0, '127.0.0.1');
    });
    const port = subscriber.server.address().port;
    subscriber.callbackUrl = `http://127.0.0.1:${port}/callback`;
    say('callback-port', port);

    let stopping = false;
    const stop = async () => {
        if (stopping) {
            return;
        }
        stopping = true;
        for (const [topic, hub] of active) {
            subscriber.unsubscribe(topic, hub, error => {
                if (error) {
                    say('unsubscribe-failed', error.message);
                    active.delete(topic); // the hub took no request: no verification will come
                }
            });
        }
        const deadline = Date.now() + UNSUBSCRIBE_WAIT_MS;
        while (active.size && Date.now() < deadline) {
            await new Promise(resolve => setTimeout(resolve, 50));
        }
        say('stopped');
        process.exit(0);
    };
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);

    try {
        channels = await channelsOf(topicUrl, caplist);
    } catch (error) {
        say('subscribe-failed', error.message);
        return;
    }
    for (const channel of channels) {
        say('subscribing', channel.topic, 'at', channel.hub);
        subscriber.subscribe(channel.topic, channel.hub, error => {
            if (error) {
                say('subscribe-failed', error.message);
            }
        });
    }
}

main();
