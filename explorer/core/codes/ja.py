"""Japanese titles and message templates for the finding codes.

Keyed by code, beside the English registry of the family modules, so a reviewer reads
one code's Japanese in one place. ``TITLES`` has every registered code (a test enforces
it). ``TEMPLATES`` maps a code to its message shapes (``variant`` -> template); a
template's placeholders are the ``params`` its ``finding()`` call sites pass, and when a
finding lacks them ``explorer.core.messages`` shows the title with the English detail.
Terms follow explorer/ui/translations/GLOSSARY.md; element, attribute and header names
stay as written in the specifications.
"""

TITLES: dict[str, str] = {
    # parse
    "parse.malformed": "XML が整形式ではありません",
    "parse.too-large": "ドキュメントがパーサーのサイズ上限を超えています",
    "parse.too-deep": "要素の入れ子がパーサーの許す深さを超えています",
    "parse.resource-limit": "テキストノードまたはタグがパーサーの上限を超えています",
    "parse.dtd-refused": "DOCTYPE を含むため、安全のため読み込みを拒否しました",
    "parse.gzip": "gzip 圧縮された入力が壊れているか途中で切れています",
    "parse.not-sitemap": "ルート要素が urlset でも sitemapindex でもありません",
    "parse.too-many-attributes": "一つの要素の属性数がパーサーの読む上限を超えています",
    "parse.too-many-namespaces": "一つのドキュメントの名前空間数がパーサーの読む上限を超えています",
    "parse.too-many-entries": (
        "エントリ数がパーサーの読む上限を超えています（残りは数えただけです）"
    ),
    "parse.too-many-links": (
        "一つのエントリまたはドキュメントの rs:ln がパーサーの読む上限を超えています"
    ),
    "parse.entry-too-large": "一つのエントリの子要素数がパーサーの読む上限を超えています",
    "parse.findings-capped": "同じコードのパーサーの指摘が多すぎて、一部を省略しました",
    "parse.rs-namespace": "ResourceSync の名前空間 URI が誤っています",
    "parse.sitemap-namespace": "Sitemap の名前空間 URI が誤っています",
    "parse.entry-element": "sitemapindex の中に url、または urlset の中に sitemap があります",
    "parse.unknown-element": "Sitemap または ResourceSync の名前空間に定義のない要素があります",
    "parse.md-repeated": "ドキュメント単位の rs:md が複数あります",
    "parse.md-after-entries": (
        "ドキュメント単位の rs:md がエントリの後にあります（読み込みはしますが、Table 2 "
        "では先頭に置きます）"
    ),
    "parse.ln-after-entries": (
        "ドキュメント単位の rs:ln がエントリの後にあります（読み込みはしますが、Table 2 "
        "では先頭に置きます）"
    ),
    "parse.entry-md-repeated": "一つのエントリに rs:md が複数あります",
    "parse.loc-repeated": "一つのエントリに loc が複数あります",
    "parse.lastmod-repeated": "一つのエントリに lastmod が複数あります",
    "parse.attribute-prefixed": "rs:md/rs:ln の属性に名前空間接頭辞が付いています",
    "parse.legacy-changeset": (
        'チェンジセット（urlset rs:type="changeset"）。1.1 では rs:md capability="changelist"'
    ),
    "parse.legacy-lastmod-type": "lastmod の rs:type。1.1 では rs:md の change と datetime",
    "parse.legacy-expires": 'expires。1.1 では rs:md change="deleted" と datetime',
    "parse.legacy-fixity": "rs:fixity。1.1 では rs:md の hash",
    "parse.legacy-size": "rs:size。1.1 では rs:md の length",
    "parse.legacy-mimetype": "rs:mimetype。1.1 では md の type",
    "parse.legacy-contentencoding": "rs:contentencoding。1.1 では rs:md の encoding",
    "parse.legacy-path": "rs:path。1.1 では rs:md の path",
    "parse.legacy-xhtml-link": "xhtml:link。1.1 では rs:ln",
    "parse.legacy-xhtml-meta": "xhtml:meta DCTERMS.modified。1.1 では rs:md の at（または from）",
    "parse.legacy-resourcesync-capability": (
        'capability="resourcesync" のソースディスクリプション（0.9）。1.1 では "description"'
    ),
    "parse.legacy-modified": (
        "ドキュメントの rs:md の modified（0.9）。1.1 では at（スナップショット）または "
        "from/until（変更）"
    ),
    "parse.legacy-resourcesync-link": (
        'ドキュメントの rs:ln rel="resourcesync"（0.9）。1.1 では rel="up"'
    ),
    # document
    "document.plain-sitemap": "ResourceSync の rs:md のない、ただの Sitemap です",
    "document.legacy-md-missing": "1.1 の rs:md のない 1.0 以前のドキュメントです",
    "document.md-missing": "ドキュメントに rs:md がありません",
    "document.capability-missing": "ドキュメントの rs:md に capability がありません",
    "document.capability-unknown": "ドキュメントの capability が定義された値ではありません",
    "document.capability-mismatch": "ドキュメントの capability が親ドキュメントの宣言と異なります",
    "document.index-not-allowed": "このケイパビリティは <sitemapindex> にできません",
    "document.index-discouraged": "ケイパビリティリストが <sitemapindex> として公開されています",
    "document.nested-index": "インデックスの中に別のインデックスが載っています",
    "document.time-missing": "ドキュメントの rs:md に必須の at/from がありません",
    "document.time-not-used": (
        "ドキュメントの rs:md に、その種類では使わない at/completed または from/until があります"
    ),
    "document.datetime-invalid": "日時属性が W3C Datetime 形式ではありません",
    "document.completed-before-at": "completed が at より前です",
    "document.until-before-from": "until が from より前です",
    "document.up-missing": (
        'ドキュメントに rs:ln rel="up" がありません（§9～§13 では必須ですが、'
        "仕様の解説例が省略しているため警告にしています）"
    ),
    "document.up-unexpected": "ソースディスクリプションに up リンクがあります",
    "document.up-repeated": "up リンクが複数あります",
    "document.up-not-parent": "up リンクがドキュメントの親を指していません",
    "document.index-link-unexpected": (
        "インデックスの下に置けないドキュメントに index リンクがあります"
    ),
    "document.index-link-missing": (
        "インデックスの下のドキュメントに index リンクがありません（推奨）"
    ),
    "document.index-link-not-parent": "index リンクがたどってきたインデックスを指していません",
    "document.describedby-missing": "describedby リンクがありません（推奨）",
    "document.link-href-missing": "rs:ln に href がありません",
    "document.link-rel-missing": "rs:ln に rel がありません",
    "document.link-href-invalid": "rs:ln の href が URI（RFC 3986）ではありません",
    "document.attribute-unnamespaced": (
        "ResourceSync が定義していない rs:ln の属性に名前空間接頭辞がありません"
    ),
    "document.link-pri-invalid": "rs:ln の pri が 1～999999 の整数ではありません",
    "document.loc-missing": "エントリに <loc> がありません",
    "document.loc-not-absolute": "<loc> が絶対 URI ではありません",
    "document.loc-too-long": "<loc> が 2048 文字を超えています",
    "document.lastmod-invalid": "<lastmod> が W3C Datetime 形式ではありません",
    "document.change-missing": "エントリに必須の change 属性がありません",
    "document.change-invalid": "change が created、updated、deleted のいずれでもありません",
    "document.change-not-used": "change 属性を使わない種類のドキュメントに change 属性があります",
    "document.datetime-outside-interval": (
        "エントリの datetime がドキュメントの from/until の範囲外です"
    ),
    "document.entry-time-not-used": (
        "エントリの rs:md に、そのドキュメントの種類では使わない at/completed または from/until "
        "があります"
    ),
    "document.entry-from-missing": (
        "インデックスまたはチェンジダンプのエントリに推奨の from がありません"
    ),
    "document.hash-malformed": (
        "hash が「アルゴリズム:16進ダイジェスト」の空白区切りの並びではありません"
    ),
    "document.hash-digest-length": "hash のダイジェストの長さがアルゴリズムに合いません",
    "document.length-invalid": "length が 0 以上の整数ではありません",
    "document.type-invalid": "type がメディアタイプ（type/subtype）ではありません",
    "document.path-missing": "マニフェストのエントリに必須の path がありません",
    "document.path-not-absolute": "path が / で始まっていません",
    "document.path-not-used": "マニフェスト以外に path 属性があります",
    "document.entry-capability-missing": "ケイパビリティリストのエントリに capability がありません",
    "document.description-entry-capability-missing": (
        'ソースディスクリプションのエントリの rs:md に capability="capabilitylist" '
        "がありません（rs:md 自体は省略できます）"
    ),
    "document.entry-capability-not-allowed": (
        "このドキュメントの下に置けない capability のエントリです"
    ),
    "document.capability-repeated": (
        "ケイパビリティリストに同じケイパビリティのエントリが複数あります"
    ),
    "document.channel-hub-missing": '通知チャネルのエントリに rs:ln rel="hub" がありません',
    "document.out-of-order": "チェンジリストのエントリが時系列順に並んでいません",
    "document.index-out-of-order": "チェンジリストインデックスのエントリが時系列順に並んでいません",
    "document.manifest-out-of-order": (
        "チェンジダンプマニフェストのエントリが時系列順に並んでいません"
    ),
    "document.open-list-not-last": (
        "開いたチェンジリスト（until なし）がインデックスの最後のエントリではありません"
    ),
    "document.change-dump-out-of-order": "チェンジダンプのエントリが時系列順に並んでいません",
    "document.notification-out-of-order": "変更通知のエントリが時系列順に並んでいません",
    "document.too-many-entries": "一つのドキュメントのエントリが 50,000 件を超えています",
    "document.near-entry-limit": "エントリ数が上限の 50,000 件に近づいています",
    "document.too-large": "ドキュメントが 50 MB を超えています",
    "document.near-size-limit": "ドキュメントの大きさが上限の 50 MB に近づいています",
    "document.findings-capped": "同じコードの検証の指摘が多すぎて、一部を省略しました",
    "document.duplicate-loc": "リソースリストに同じ <loc> が二度現れます",
    "document.notification-interval-missing": "変更通知に from または until がありません",
    "document.notification-index": "通知のペイロードが <sitemapindex> です",
    "document.framework-entry-incomplete": (
        "フレームワーク通知のエントリに change または capability がありません"
    ),
    "document.framework-change-not-allowed": (
        "フレームワーク通知では許されない change と capability の組み合わせです"
    ),
    "document.framework-capability-unknown": "未知のケイパビリティについてのフレームワーク通知です",
    # http
    "http.discovery-failed": (
        "どのディスカバリーの経路からも ResourceSync のドキュメントにたどり着けませんでした"
    ),
    "http.no-well-known": (
        "ソースディスクリプションが /.well-known/resourcesync に公開されていません"
    ),
    "http.not-source-description": (
        "up リンクをたどってもソースディスクリプションに行き着きませんでした"
    ),
    "http.discovery-disagree": (
        "ディスカバリーの経路ごとに異なるソースディスクリプションに行き着きます"
    ),
    "http.status": "ドキュメントが HTTP のエラーステータスを返しました",
    "http.unreachable": "ドキュメントを取得できませんでした（接続、プロトコルまたは URL の問題）",
    "http.timeout": "リクエストがタイムアウトしました",
    "http.auth-required": "ドキュメントが 401 を返しました。認証情報がないか、拒否されています",
    "http.forbidden": "ドキュメントが 403 を返しました。この認証情報（またはなし）では読めません",
    "http.tls-unverified": "TLS 証明書を検証していません（--insecure またはネットワーク設定）",
    "http.redirect": "ドキュメントにリダイレクトを経てたどり着きます",
    "http.redirect-loop": "リダイレクトが訪問済みの URL に戻ってループしています",
    "http.too-many-redirects": "リダイレクトの連鎖が長すぎます",
    "http.too-large": "本文がサイズ上限を超えたため読み込みませんでした",
    "http.content-type": "ドキュメントが application/xml または text/xml として配信されていません",
    "http.retried": "リクエストが再試行の末にようやく成功しました",
    "http.child-capability": "ドキュメントのケイパビリティがその親の下では許されません",
    "http.up-target": "up リンクが仕様の求めるケイパビリティを指していません",
    "http.index-target": "index リンクが同じケイパビリティの sitemapindex を指していません",
    "http.link-broken": "up、index または describedby のリンク先を取得できません",
    "http.revisit": "ドキュメントが自分の枝の上位に再び現れます（循環）",
    "http.limit-reached": "ドキュメント数またはバイト数の上限でクロールを止めました",
    "http.links-sampled": "describedby のリンク先は最初のいくつかだけを確認しました",
    "http.channel-no-hub": '通知チャネルに rs:ln rel="hub" がありません',
    "http.topic-status": "トピック URI が HEAD/GET に 200 OK を返しません",
    "http.topic-content-type": "トピック URI が application/xml として配信されていません",
    "http.topic-link-self": (
        'トピック URI の Link ヘッダーにトピック URI を示す rel="self" がありません'
    ),
    "http.topic-link-hub": 'トピック URI の Link ヘッダーに rel="hub" がありません',
    "http.topic-hub-mismatch": (
        "トピックの Link のハブがケイパビリティリストで示されたハブと異なります"
    ),
    "http.resource-status": "リストに載ったリソースが 200 を返しません",
    "http.resource-length": "リソースの長さが rs:md/@length と異なります",
    "http.resource-hash": "リソースのダイジェストが rs:md/@hash と異なります",
    "http.resource-type": "リソースの Content-Type が rs:md/@type と異なります",
    "http.resource-lastmod": "リソースの Last-Modified がリストの lastmod より新しくなっています",
    "http.resource-last-modified-invalid": (
        "リソースの Last-Modified が HTTP の日付形式ではないため、lastmod と比べられません"
    ),
    "http.resource-deleted-present": "最新の変更が deleted のリソースがまだ 200 を返します",
    "http.dump-not-zip": "ダンプのパッケージが読める ZIP ファイルではありません",
    "http.dump-no-manifest": "ダンプのパッケージの最上位に manifest.xml がありません",
    "http.dump-manifest-invalid": "パッケージの manifest.xml が正しいマニフェストではありません",
    "http.dump-path-escape": "パッケージ内のパスがパッケージの外を指しています（zip-slip）",
    "http.dump-missing-file": "マニフェストのエントリの path がパッケージにありません",
    "http.dump-unlisted-file": "パッケージ内のファイルがマニフェストに載っていません",
    "http.dump-length": "パッケージ内のファイルの長さがマニフェストと異なります",
    "http.dump-hash": "パッケージ内のファイルのダイジェストがマニフェストと異なります",
    "http.dump-package-length": "パッケージの長さがダンプの rs:md/@length と異なります",
    "http.dump-member-too-large": (
        "パッケージの manifest.xml が展開するとドキュメントのサイズ上限を超えるため、"
        "読み込みませんでした"
    ),
    "http.dump-too-large": "パッケージがダウンロードの上限を超えるため、確認しませんでした",
    "http.dump-contents-differ": (
        'rel="contents" でリンクされたマニフェストがパッケージ内のものと異なります'
    ),
    # websub
    "websub.no-hub": (
        "トピックのハブが見つかりません（Link rel=hub "
        "もケイパビリティリストのチャネルエントリもありません）"
    ),
    "websub.topic-link-missing": "トピック URI が Link rel=self と rel=hub のヘッダーを返しません",
    "websub.topic-self-differs": (
        "トピックの rel=self の URL が問い合わせた URL と異なります。self の URL "
        "でサブスクライブします"
    ),
    "websub.topic-unreachable": "ディスカバリーのためにトピック URI を取得できませんでした",
    "websub.hub-error": "ハブがサブスクライブ（解除）のリクエストを 4xx/5xx で拒否しました",
    "websub.hub-unreachable": (
        "再試行してもハブに接続できませんでした（接続エラーまたはタイムアウト）"
    ),
    "websub.hub-redirect": "ハブが 307/308 でリダイレクトしたため、Location に送り直しました",
    "websub.hub-bad-redirect": (
        "ハブのリダイレクトに使える Location がないか、別の 3xx か、ループしています"
    ),
    "websub.hub-status": (
        "ハブが 202 以外の 2xx を返しました（PubSubHubbub 0.4 のハブの 204 を除く）"
    ),
    "websub.legacy-hub": "ハブが PubSubHubbub 0.4 のハブのようにふるまいます（204、同期的な確認）",
    "websub.verification-timeout": "ハブはリクエストを受け付けましたが、意思確認が届きませんでした",
    "websub.unknown-intent": "保留中でない意思（mode、topic、callback）の確認に 404 を返しました",
    "websub.denied": "ハブがサブスクリプションを拒否しました",
    "websub.lease-missing": "サブスクライブの確認に hub.lease_seconds がありません",
    "websub.lease-invalid": "hub.lease_seconds が正の整数ではありません",
    "websub.lease-unusual": "与えられたリースが推奨の 300 秒～2,678,400 秒の範囲外です",
    "websub.lease-expired": "更新する前にリースが切れました",
    "websub.lease-very-short": (
        "与えられたリースが短すぎて間に合うように更新できないため、下限の間隔で更新します"
    ),
    "websub.signature-invalid": "X-Hub-Signature が本文と一致しないため、配信を拒否しました",
    "websub.signature-missing": (
        "シークレットを渡したのに X-Hub-Signature がないため、配信を拒否しました"
    ),
    "websub.signature-malformed": (
        "X-Hub-Signature が既知の方式の method=hex ではないため、拒否しました"
    ),
    "websub.signature-weak": "配信が SHA-1 で署名されています。SHA-256 以上を推奨します",
    "websub.signature-unexpected": "シークレットを渡していないのに署名が付いており、確認できません",
    "websub.delivery-too-large": "配信の本文が設定の上限を超えるため、413 で拒否しました",
    "websub.delivery-timeout": "送信側が配信の本文を送るのが遅すぎるため、408 で拒否しました",
    "websub.delivery-undecodable": (
        "配信の Content-Encoding を戻せません（壊れているか未対応）。400 で拒否し、"
        "拒否したものとして元のまま保存しました"
    ),
    "websub.delivery-replayed": (
        "配信のボディと署名が、このサブスクリプションで保存済みの配信と同じです。"
        "新しい通知ではなく再送（リプレイ）として、拒否したものとして保存しました"
    ),
    "websub.rejected-body-cut": ("拒否した配信はボディの先頭と、ボディの SHA-256 だけを保存します"),
    "websub.check-failed": (
        "エクスプローラーが配信を確認できませんでした（不具合）。元のまま保存しました"
    ),
    "websub.content-type": "配信の Content-Type が application/xml ではありません",
    "websub.link-self-missing": "配信に Link rel=self ヘッダーがありません",
    "websub.link-hub-missing": "配信に Link rel=hub ヘッダーがありません",
    "websub.link-self-mismatch": "配信の Link rel=self がサブスクライブしたトピックと異なります",
    "websub.link-hub-mismatch": "配信の Link rel=hub がサブスクライブしたハブと異なります",
    "websub.not-a-notification": (
        "ペイロードのケイパビリティが change-notification でも framework-notification "
        "でもありません"
    ),
    "websub.capability-mismatch": (
        "ペイロードのケイパビリティがサブスクライブしたチャネルと合いません"
    ),
    "websub.continuity-gap": "from が前の通知の until より後です。通知が抜けている可能性があります",
    "websub.continuity-overlap": "from が前の通知の until より前です。期間が重なっています",
    # changes
    "changes.update-unknown-resource": (
        "エクスプローラーが一度も見ていないリソースについての updated の通知です"
    ),
    "changes.delete-unknown-resource": (
        "エクスプローラーが一度も見ていないリソースについての deleted の通知です"
    ),
    "changes.create-known-resource": "既知で削除されていないリソースについての created の通知です",
    "changes.out-of-order": (
        "変更の日時が最後に知っている変更より古くなっています（順序の乱れまたは再送）"
    ),
    "changes.update-without-change": "既知のものと hash も長さも同じ updated の通知です",
    "changes.refetch-failed": (
        "フレームワーク通知が示すドキュメントを取得または読み込みできませんでした"
    ),
    "changes.prime-failed": (
        "リソースの状態を知るために読むケイパビリティリストのドキュメントを読めませんでした"
    ),
    "changes.input-unreadable": (
        "差分をとるドキュメントを読めませんでした（ファイルがないか、取得に失敗）"
    ),
    # hub
    "hub.unreachable": "ハブに接続できませんでした（接続エラーまたはタイムアウト）",
    "hub.publish-refused": "ハブが ResourceSync の通知の POST を受け付けませんでした",
    "hub.publish-status": "ハブが 200 以外のステータスで通知を受け付けました",
    "hub.legacy-publish": "ハブが hub.mode=publish で公開を受け付けます（PubSubHubbub 0.4 の方式）",
    "hub.publish-not-taken": (
        "試したどの公開方式もハブに受け付けられませんでした（WebSub "
        "は公開の方法をハブに任せています）"
    ),
    "hub.topic-refused": (
        "ハブがトピックを拒否しました。自分のトピックしか扱わないハブです（--topic "
        "を指定してください）"
    ),
    "hub.lease-refused": (
        "ハブが求めたリースのサブスクリプションを、別のリースを与えずに拒否しました"
    ),
    "hub.subscribe-refused": "ハブが正しいサブスクリプションのリクエストを拒否しました",
    "hub.subscribe-status": "ハブが 202 以外のステータスでサブスクリプションを受け付けました",
    "hub.legacy-flavour": (
        "ハブが PubSubHubbub 0.4 のようにふるまいます（204、同期的な確認、hub.verify）"
    ),
    "hub.denied": "ハブがサブスクリプションを拒否しました",
    "hub.verification-missing": "意思確認が時間内に届きませんでした",
    "hub.verification-wrong-topic": "確認にリクエストしていないトピックが書かれていました",
    "hub.lease-missing": "サブスクライブの確認に hub.lease_seconds がありません",
    "hub.lease-zero": "ハブが 0 または読めないリースを与えました",
    "hub.lease-clamped": "ハブが求めたものと異なるリースを与えました",
    "hub.extra-parameters-refused": (
        "ハブが理解できないリクエストのパラメーターを無視しませんでした"
    ),
    "hub.delivery-missing": "公開した通知が時間内に配信されませんでした",
    "hub.delivery-unsigned": "シークレットのあるサブスクリプションへの配信に正しい署名がありません",
    "hub.delivery-duplicated": "サブスクライブし直した後、一つの公開が複数回配信されました",
    "hub.delivery-after-unsubscribe": "ハブが終了を確認したサブスクリプションに配信しました",
    "hub.unsubscribe-unverified": "ハブがサブスクライブ解除の確認を送りませんでした",
    "hub.delivery-content-type": "配信の Content-Type がトピックのものと異なります",
    "hub.delivery-link-self": "配信にトピックを示す Link rel=self がありません",
    "hub.delivery-link-hub": "配信にハブを示す Link rel=hub がありません",
    "hub.delivery-slow": "配信の到着が設定のしきい値より遅れています",
    "hub.bad-request-accepted": (
        "ハブが hub.callback のない、または hub.mode の誤ったリクエストを受け付けました"
    ),
    "hub.bad-request-no-reason": (
        "ハブが誤ったリクエストを、プレーンテキストの理由なしに拒否しました"
    ),
    "hub.wrong-challenge-accepted": "チャレンジを誤って返したサブスクリプションが有効になりました",
}

TEMPLATES: dict[str, dict[str, str]] = {
    "parse.malformed": {
        "": "XML が整形式ではありません: {detail}",
    },
    "parse.too-deep": {
        "": "要素の入れ子が深すぎるため、読み込みを止めました: {detail}",
    },
    "parse.resource-limit": {
        "": "テキストノードまたはタグが大きすぎるため、読み込みを止めました: {detail}",
    },
    "parse.dtd-refused": {
        "": (
            "ドキュメントに DOCTYPE 宣言があります。安全のため DTD と実体参照は読み込みません"
            "（ResourceSync のドキュメントには不要です）。"
        ),
    },
    "parse.too-large": {
        "": (
            "ドキュメントは {size:,} バイトあります。パーサーが読むのは {limit:,} バイトまでです。"
        ),
        "gzip": "gzip の入力を展開すると上限を超えるため、それ以上読みませんでした（{detail}）。",
    },
    "parse.gzip": {
        "": "gzip の入力を読めません（{detail}）。",
    },
    "parse.not-sitemap": {
        "": (
            "ルート要素が <{element}> です。<urlset> でも <sitemapindex> でもないため、"
            "Sitemap 形式のドキュメントではありません。"
        ),
    },
    "http.auth-required": {
        "": (
            "{url} が HTTP 401 を返しました。認証が必要です（求められている方式: {asked}）。"
            "読むには、コマンドラインの --token TOKEN、--user USER[:PASSWORD]、--header "
            "'Name: value'、--credentials FILE か、ウィンドウの「認証が必要です」"
            "の画面で {origin} の認証情報を指定してください。"
        ),
        "refused": (
            "{url} が HTTP 401 を返しました。{origin} に送った認証情報は拒否されました"
            "（求められている方式: {asked}）。認証情報を確かめるか、別のものを指定してください。"
        ),
    },
    "http.forbidden": {
        "": (
            "{url} が HTTP 403 を返しました。認証情報なしではアクセスが拒否されます。"
            "アカウントがあれば、コマンドラインの --token、--user、--header、--credentials "
            "か、ウィンドウの「認証が必要です」の画面で {origin} の認証情報を指定してください。"
        ),
        "refused": (
            "{url} が HTTP 403 を返しました。{origin} に送った認証情報には読む権限がありません。"
            "所有者にアクセスを依頼するか、別の認証情報を指定してください。"
        ),
    },
    "http.tls-unverified": {
        "": (
            "TLS 証明書を検証していません。ネットワークの経路上の誰でも、取得する内容を読んだり"
            "書き換えたり、送った認証情報を見たりできます。"
        ),
    },
    "http.discovery-failed": {
        "": (
            "{url} から、どの経路（{routes}）でも ResourceSync "
            "のドキュメントが見つかりませんでした。"
            "経路ごとの結果はアドレス欄のツールチップ（CLI では inspect の出力）にあります。"
        ),
        "refused": (
            "{url} から、どの経路（{routes}）でも ResourceSync "
            "のドキュメントが見つかりませんでした。"
            "{refused} で認証がないか拒否されています。http.auth-required または "
            "http.forbidden を見てください。"
        ),
    },
    "http.not-source-description": {
        "": (
            "たどり着いた最上位のドキュメント（{url}）は{name}で、ソースディスクリプションでは"
            "ありません。その先にたどる up リンクもありません。"
        ),
    },
    "http.discovery-disagree": {
        "": "ディスカバリーの経路ごとに異なるソースディスクリプションに行き着きます: {listing}",
    },
    "http.no-well-known": {
        "": (
            "ソースディスクリプションは {route} の経路で見つかりましたが、{url} にはありません"
            "（{detail}）。"
        ),
    },
    "http.link-broken": {
        "": "{rel} リンクの先 {target} をドキュメントとして読めません。",
        "describedby": "describedby のリンク先 {target} を読めません（{problem}）。",
    },
    "http.revisit": {
        "": (
            "{url} はここに載っていますが、この枝の上位（{name}）にすでにあります。"
            "もう一度はたどりません。"
        ),
    },
    "http.limit-reached": {
        "": (
            "クロールの上限（{spent}）に達したため、{documents} 回のリクエストと {bytes:,} "
            "バイトで止めました（上限: ドキュメント {max_documents} 件、{max_bytes:,} バイト。"
            "ディスカバリーとリンクの確認を含みます）。取得しなかったものは確認していません。"
        ),
    },
    "http.channel-no-hub": {
        "": (
            '{capability} のチャネル {topic} に <rs:ln rel="hub" href="..."/> がありません。'
            "ハブの URI がないと、デスティネーションはサブスクライブできません。"
        ),
    },
    "websub.hub-error": {
        "": "{url} が {status} を返しました: {text}",
        "no-body": "{url} が {status} を返しました。",
    },
    "websub.hub-unreachable": {
        "": "{url} に {attempts} 回試しても接続できませんでした（{reason}）。",
    },
    "websub.hub-redirect": {
        "": "{url} が {status} を返したため、{target} に送り直しました。",
    },
    "websub.hub-bad-redirect": {
        "no-location": "{url} が Location なしで {status} を返しました。",
        "loop": (
            "{url} が {target} への {status} を返しました。"
            "リダイレクトがループしているか多すぎます。"
        ),
        "": "{url} が {status} を返しました: {text}",
        "no-body": "{url} が {status} を返しました。",
    },
    "websub.hub-status": {
        "": "{hub} が {status} を返しました。202 であるべきです。",
    },
    "websub.legacy-hub": {
        "": "{hub} が 204 を返しました。PubSubHubbub 0.4 の方式です。",
    },
    "websub.verification-timeout": {
        "": (
            "{hub} はリクエストを受け付けましたが、{seconds:g} 秒以内に意思確認が届きませんでした。"
        ),
        "ended-here": "{why}。ハブの確認を待たずに、ここで終了しました。",
    },
    "websub.unknown-intent": {
        "": (
            "mode {mode!r}、トピック {topic!r} の確認は、このコールバックの保留中の意思"
            "（状態 {state}、トピック {subscribed}）のどれとも合わないため、404 を返しました。"
        ),
    },
    "websub.denied": {
        "": "{hub} が {topic} のサブスクリプションを拒否しました（理由: {reason}）。",
    },
    "websub.lease-missing": {
        "": "{hub} が hub.lease_seconds を送りませんでした。",
    },
    "websub.lease-invalid": {
        "": "hub.lease_seconds が {value!r} です。正の整数ではありません。",
    },
    "websub.lease-unusual": {
        "": "ハブが与えたリースは {lease} 秒です。",
        "capped": "ハブが与えたリースは {lease} 秒です。{cap} 秒として扱います。",
    },
    "websub.lease-expired": {
        "": "更新する前にリースが切れました。",
        "offline": "エクスプローラーが動いていない間にリースが切れました。",
    },
    "websub.lease-very-short": {
        "": (
            "ハブが与えたリースは {lease} 秒です。更新は最短でも {floor:g} 秒ごとなので、"
            "その間にリースが切れることがあります。"
        ),
    },
    "websub.delivery-too-large": {
        "": "配信の本文が上限を超えるため、413 で拒否しました（{detail}）。",
        "decoded": (
            "配信の本文を展開すると上限の {limit:,} バイトを超えるため、413 で拒否しました"
            "（{detail}）。"
        ),
    },
    "websub.delivery-timeout": {
        "": "配信の本文が時間内に届かなかったため、408 で拒否しました（{detail}）。",
    },
    "websub.delivery-undecodable": {
        "": "配信の本文を戻せません（{codings}）: {reason}",
    },
    "websub.delivery-replayed": {
        "": (
            "この配信のボディと署名は、保存済みの配信 {original} と同じです。"
            "新しい通知ではなく再送（リプレイ）です。"
        ),
    },
    "websub.rejected-body-cut": {
        "": (
            "拒否した配信のボディ {size:,} バイトのうち、先頭 {kept:,} バイトだけを保存しました"
            "（SHA-256 {sha256}）。"
        ),
    },
    "websub.check-failed": {
        "": "この配信の確認に失敗しました: {error}",
    },
    "changes.update-unknown-resource": {
        "": (
            "{loc} は updated と通知されましたが、エクスプローラーはこのリソースを一度"
            "も見ていません。"
        ),
    },
    "changes.delete-unknown-resource": {
        "": (
            "{loc} は deleted と通知されましたが、エクスプローラーはこのリソースを一度"
            "も見ていません。"
        ),
    },
    "changes.create-known-resource": {
        "": (
            "{loc} は created と通知されましたが、すでに知られており（{known_from} から）、"
            "削除されていません。"
        ),
    },
    "changes.out-of-order": {
        "": (
            "{loc}: {stated} の変更は、最後に知っている変更（{last}）より古くなっています。"
            "順序の乱れか再送です。"
        ),
    },
    "changes.update-without-change": {
        "": (
            "{loc} は updated と通知されましたが、hash も長さも変わっていません（{hash}、"
            "{length} バイト）。"
        ),
    },
    "changes.refetch-failed": {
        "": "{loc}: 取得したドキュメントを読めません: {problem}",
        "fetch": "{loc}: 取得できませんでした（{reason}）。",
    },
    "changes.prime-failed": {
        "": "{url}: 読めません: {problem}",
        "fetch": "{url}: 取得できませんでした（{reason}）。",
    },
    "hub.unreachable": {
        "": "{hub} への POST が失敗しました（{reason}）。",
        "step": "{step}: {hub} への POST が失敗しました（{reason}）。",
        "publishing": "{hub} への公開が失敗しました: {tried}",
        "request": "{label}のリクエスト: POST が失敗しました（{reason}）。",
    },
    "hub.publish-refused": {
        "": "{hub} が {status} を返しました: {text}",
        "no-body": "{hub} が {status} を返しました（理由なし）。",
    },
    "hub.publish-status": {
        "": "{hub} が公開に {status} を返しました。§4.1 は 200 を求めています: {text}",
        "no-body": "{hub} が公開に {status} を返しました（理由なし）。§4.1 は 200 を求めています。",
    },
    "hub.legacy-publish": {
        "": "ハブは PubSubHubbub 0.4 の方式の hub.mode=publish を受け付けました: {tried}",
    },
    "hub.publish-not-taken": {
        "": (
            "試したどの公開方式もハブに受け付けられませんでした: {tried}。--publish "
            "xml|form を指定するか、--no-publish にしてソースから公開してください。"
        ),
    },
    "hub.topic-refused": {
        "": "ハブは {topic} を扱いません（{said}）。",
        "hosted": (
            "ハブがここでホストしたトピックを拒否しました（{said}）。自分のトピックしか扱わない"
            "ハブです。--topic を指定してください。"
        ),
    },
    "hub.lease-refused": {
        "": "{asked} 秒を求めたところ、{status} で拒否されました: {text}",
    },
    "hub.subscribe-refused": {
        "": "{step}: ハブが {status} を返しました: {text}",
        "unsubscribe": "ハブがサブスクライブ解除に {status} を返しました: {text}",
    },
    "hub.subscribe-status": {
        "": "{status} で受け付けられました。202 ではありません。",
    },
    "hub.legacy-flavour": {
        "": "PubSubHubbub 0.4 のふるまいです: {notes}",
    },
    "hub.denied": {
        "": "{step}: ハブが {topic} を拒否しました: {reason}",
    },
    "hub.verification-missing": {
        "": (
            "{step}: ハブは {status} を返しましたが、{seconds:"
            "g} 秒以内に意思確認が届きませんでした。"
        ),
    },
    "hub.verification-wrong-topic": {
        "": (
            "{step}: ハブの {mode!r} の意思確認が別のトピック {topic} を示していたため、"
            "プローブは 404 を返しました（WebSub §5.3.1）。"
        ),
    },
    "hub.lease-missing": {
        "": "意思確認に hub.lease_seconds がありませんでした。",
    },
    "hub.lease-zero": {
        "": (
            "hub.lease_seconds={value!r} は正のリースではなく、期限が分かりません（0 "
            "と言いながらリースを保つハブもあります）。求めたのは {asked} 秒です。"
        ),
    },
    "hub.lease-clamped": {
        "up": "{asked} 秒を求め、{given} 秒が与えられました（長く調整）。",
        "down": "{asked} 秒を求め、{given} 秒が与えられました（短く調整）。",
        "": "{asked} 秒を求め、{given} 秒が与えられました。",
    },
    "hub.extra-parameters-refused": {
        "": (
            "通常のサブスクリプションは有効になりましたが、{names} を加えた同じリクエストは "
            "{status} で拒否されました: {text}"
        ),
    },
    "hub.delivery-missing": {
        "": "{step}: 公開から {seconds:g} 秒以内に配信がありませんでした。",
    },
    "hub.delivery-unsigned": {
        "": "配信に正しい署名がありません: {reason}",
    },
    "hub.delivery-duplicated": {
        "": "サブスクライブし直した後、一つの公開が {copies} 回配信されました。",
    },
    "hub.delivery-after-unsubscribe": {
        "": "サブスクライブ解除の後に {count} 件の配信が届きました。",
    },
    "hub.unsubscribe-unverified": {
        "": "ハブはサブスクライブ解除の意思確認を送りませんでした。",
    },
    "hub.delivery-content-type": {
        "": "Content-Type が {got} です。通知は {published} として公開しました。",
        "topic": (
            "Content-Type が {got} です。通知は {published} として公開し、トピックは "
            "{topic_type} として配信されています。"
        ),
    },
    "hub.delivery-link-self": {
        "": "Link rel=self が {shown} です。{topic} であるべきです。",
    },
    "hub.delivery-link-hub": {
        "": "配信に Link rel=hub がありません。",
    },
    "hub.delivery-slow": {
        "": "公開から {seconds:.2f} 秒後に配信されました（しきい値 {limit:g} 秒）。",
    },
    "hub.bad-request-accepted": {
        "": "{label}のリクエスト: {status} が返りました。4xx ではありません。",
    },
    "hub.bad-request-no-reason": {
        "": "{label}のリクエスト: {status} が返りましたが、本文が空です。",
    },
    "hub.wrong-challenge-accepted": {
        "": "プローブは誤ったチャレンジを返したのに、ハブはそこに配信しました。",
    },
    "http.links-sampled": {
        "": (
            "describedby のリンク先は最初の {checked} 件だけを確認しました。"
            "残りの {skipped} 件は確認していません。"
        ),
    },
    "document.link-href-invalid": {
        "": (
            'rs:ln の href="{href}" は URI ではありません。URI に使えない空白などの文字は %XX '
            "の形でエスケープしてください。"
        ),
    },
    "document.link-href-missing": {
        "": "rs:ln に href がありません。リンク先の URI を加えてください。",
    },
    "document.link-rel-missing": {
        "": (
            "rs:ln に rel がありません。リンクの関係の種類（up、describedby、duplicate など）"
            "を加えてください。"
        ),
    },
    "document.link-pri-invalid": {
        "": 'rs:ln の pri="{pri}" は 1（最優先）から 999999 までの整数にしてください。',
    },
    "document.datetime-invalid": {
        "": (
            '{attribute}="{value}" は W3C Datetime 形式ではありません（例: 2013-01-03T09:00:00Z）。'
        ),
    },
    "document.path-not-absolute": {
        "": 'path="{value}" は「/」で始めてください（パッケージのルートからのパスです）。',
    },
    "document.attribute-unnamespaced": {
        "": (
            "rs:ln に ResourceSync が定義していない属性 {names} があります。"
            "拡張属性には独自の名前空間を用意し、接頭辞を付けて書いてください（例: "
            'xmlns:ex="http://example.org/ns/" ex:name="..."）。'
        ),
    },
    "document.up-unexpected": {
        "": (
            "ソースディスクリプションは階層の最上位なので up リンクを持ちません。削除してください。"
        ),
    },
    "document.up-missing": {
        "": (
            '{name}には、{target_name}を指す <rs:ln rel="up" href="..."/> を置いてください。'
            "デスティネーションはこれをたどってソースを見つけます。core 1.1 {section} "
            "は必須としていますが、仕様自身の解説例が省略しているため警告にしています。"
        ),
    },
    "document.up-repeated": {
        "": "up リンクが {count} 個あります。{target_name}を指すものを一つだけ残してください。",
    },
    "document.describedby-missing": {
        "": (
            '{name}に、説明のドキュメントを指す <rs:ln rel="describedby" href="..."/> '
            "を加えることを検討してください（推奨、core 1.1 §8～§9）。"
        ),
    },
    "document.up-not-parent": {
        "": "up リンクは {href} を指していますが、{expected} と一致させてください。",
    },
    "document.index-link-unexpected": {
        "": (
            'rel="index" はドキュメントを、それが載っているインデックスに結ぶリンクですが、'
            "このドキュメントはインデックスの下に置かれることがありません。リンクを削除するか、rel "
            "を直してください。"
        ),
    },
    "document.index-link-missing": {
        "": (
            'この{name}はインデックスに載っています。<rs:ln rel="index" href="{parent_url}"/> '
            "を加えると、デスティネーションがたどりやすくなります（推奨）。"
        ),
    },
    "document.index-link-not-parent": {
        "": (
            "index リンクは {href} を指していますが、このドキュメントはインデックス {parent_url} "
            "からたどりました。"
        ),
    },
    "document.legacy-md-missing": {
        "": (
            "これは 1.0 より前（2012 年の草案）のドキュメントです。ResourceSync 1.1 では、"
            'ルートの最初の子要素に <rs:md capability="..."/>（と at、変更を表すドキュメントでは '
            "from）を置いてドキュメントの種類を示します。1.1 に移行するときに加えてください。"
        ),
    },
    "document.plain-sitemap": {
        "": (
            "これはただの Sitemap です。rs:md がないため、ResourceSync "
            "のクライアントには何のドキュメントか分かりません。リソースリストとして公開するには、"
            'ルートの最初の子要素に <rs:md capability="resourcelist" at="..."/> を加えてください。'
        ),
    },
    "document.md-missing": {
        "": (
            "ドキュメントに <rs:md> 要素がありません。<{root}> の最初の子要素として、capability "
            "属性を付けて加えてください。"
        ),
    },
    "document.capability-missing": {
        "": (
            'ドキュメントの <rs:md> に capability 属性がありません。capability="resourcelist" '
            "のように、このドキュメントの種類を書いてください。"
        ),
    },
    "document.capability-unknown": {
        "": (
            'capability="{capability}" は ResourceSync のケイパビリティではありません。'
            "次のいずれかを使ってください: {known}。"
        ),
    },
    "document.capability-mismatch": {
        "": (
            'ドキュメントには capability="{capability}" とありますが、'
            '親のドキュメント（またはこのドキュメントが載っているインデックス）では "{declared}" '
            "と宣言されています。どちらかが誤っています。"
        ),
    },
    "document.nested-index": {
        "": (
            "この <sitemapindex> は別のインデックスに載っています。Sitemap "
            "のインデックスに載せられるのは <urlset> のドキュメントだけなので、"
            "その中身を親のインデックスに直接載せてください。"
        ),
    },
    "document.notification-index": {
        "": (
            "{name}のペイロードは <sitemapindex> にせず、必ず <urlset> にします。"
            "大量の変更は複数の <urlset> の通知に分けてください（change-notification 1.0.1 §3、"
            "framework-notification 1.0.1 §3）。"
        ),
    },
    "document.index-discouraged": {
        "": (
            "ケイパビリティリストは <sitemapindex> にするべきではありません。"
            "ケイパビリティの数は少ないので、一つの <urlset> で足ります。"
        ),
    },
    "document.index-not-allowed": {
        "": "{name}は <sitemapindex> にできません。<urlset> として公開してください。",
    },
    "document.notification-interval-missing": {
        "": (
            "変更通知には from と until の両方が必要ですが、{missing} がありません。"
            "連続する通知は連続する期間を扱うので、デスティネーションはこれで通知の抜けを見つけます"
            "。"
        ),
    },
    "document.time-missing": {
        "": (
            '{name}の <rs:md> には {required}="..." が必要です。{required}="2013-01-03T09:00:00Z" '
            "のように加えてください。"
        ),
    },
    "document.time-not-used": {
        "": "{name}では <rs:md> の {present} を使いません。",
    },
    "document.duplicate-loc": {
        "": (
            "{loc} が再び載っています（最初は {first} 行目）。"
            "リソースリストには一つのリソースにつき一つのエントリを載せます。重複を削除するか、"
            "二つのエントリをまとめてください。"
        ),
    },
    "document.change-invalid": {
        "": 'change="{value}" は使えません。created、updated、deleted のいずれかにしてください。',
    },
    "document.change-not-used": {
        "": (
            "{name}は変更を記述しません。change 属性はチェンジリスト、チェンジダンプマニフェスト、"
            "通知で使います。"
        ),
    },
    "document.path-not-used": {
        "": (
            "path はリソースダンプマニフェストとチェンジダンプマニフェストでだけ使い、"
            "{name}では使いません。"
        ),
    },
    "document.entry-from-missing": {
        "": (
            "この{name}のエントリ {total} 件のうち {count} 件は、<rs:md> に from（閉じた後は until "
            "も）がありません。デスティネーションが必要な期間のドキュメントを選べるよう、"
            "書くことが推奨されます。この行が最初の一件です。"
        ),
    },
    "document.lastmod-invalid": {
        "": (
            "<lastmod>{value}</lastmod> は W3C Datetime 形式ではありません（例: "
            "2013-01-03T09:00:00Z）。"
        ),
    },
    "document.change-missing": {
        "": (
            '{name}のエントリにはすべて <rs:md change="created|updated|deleted"> が必要です。'
            "このエントリの change を加えてください。"
        ),
    },
    "document.path-missing": {
        "": (
            '{name}のエントリには、パッケージ内でのファイルの位置を示す path="/..." '
            "が必要です（core 1.1 {section}）。"
        ),
    },
    "document.entry-capability-missing": {
        "": (
            "ケイパビリティリストのエントリには、リンク先の種類を示す <rs:md "
            'capability="..."/>（例: resourcelist）が必要です。'
        ),
    },
    "document.description-entry-capability-missing": {
        "": (
            'ソースディスクリプションのエントリの <rs:md> には capability="capabilitylist" '
            "と書いてください（core 1.1 §8。rs:md 自体は省略できます）。"
        ),
    },
    "document.capability-repeated": {
        "": (
            "ケイパビリティリストにはケイパビリティごとに一つのエントリを載せますが、"
            '"{capability}" は {first} 行目にすでにあります。'
            "一つにしてください（複数のドキュメントにはインデックスを使います）。"
        ),
    },
    "document.channel-hub-missing": {
        "": (
            '{name}のチャネル {loc} には、WebSub のハブを示す <rs:ln rel="hub" href="..."/> '
            "が必要です（change-notification 1.0.1 §5、framework-notification 1.0.1 §5）。"
        ),
    },
    "document.datetime-outside-interval": {
        "": (
            'datetime="{value}" は{name}の期間（{bounds}）の外にあります。'
            "この変更は別のドキュメントに載せるべきか、期間が誤っています。"
        ),
    },
    "document.loc-missing": {
        "": (
            "このエントリには <loc> がありません。どのエントリにも、記述する絶対 URI を書いた "
            "<loc> がちょうど一つ必要です。"
        ),
    },
    "document.loc-too-long": {
        "": (
            "<loc> が {length:,} 文字あります。Sitemap では {limit:,} 文字までです。URI "
            "を短くしてください。"
        ),
    },
    "document.loc-not-absolute": {
        "": (
            "<loc>{loc}</loc> は絶対 URI ではありません。スキームとホストを含む完全な URI（例: "
            "http://example.com/res1）を書いてください。"
        ),
    },
    "document.entry-capability-not-allowed": {
        "": (
            'capability="{capability}" のエントリは{name}に載せられません。ここで使えるのは '
            "{choices} です。"
        ),
    },
    "document.entry-time-not-used": {
        "": "{name}のエントリでは {unused} を使いません。",
    },
    "document.framework-entry-incomplete": {
        "": (
            "このフレームワーク通知のエントリ（{loc}）の <rs:md> に {missing} がありません。"
            '各エントリには何が変わったかを <rs:md change="created" capability="resourcelist"/> '
            "のように書きます。"
        ),
    },
    "document.framework-capability-unknown": {
        "": 'capability="{capability}" はフレームワーク通知が扱うケイパビリティではありません。',
    },
    "document.framework-change-not-allowed": {
        "": (
            'フレームワーク通知では{name}を "{change}" として報告できません。Table 2 '
            "が{name}に認めているのは {allowed} です。"
        ),
    },
    "document.out-of-order": {
        "": (
            "{name}のエントリは時刻の古い順に並べなければなりませんが、このエントリ（{loc}、"
            "{compared} {value}）は {previous_line} 行目のエントリ（{previous_loc}、{compared} "
            "{previous_value}）より前です。エントリを時刻の古い順に並べ替えてください。"
        ),
    },
    "document.index-out-of-order": {
        "": (
            "{name}のエントリは時刻の古い順に並べなければなりませんが、このエントリ（{loc}、"
            "{compared} {value}）は {previous_line} 行目のエントリ（{previous_loc}、{compared} "
            "{previous_value}）より前です。エントリを時刻の古い順に並べ替えてください。"
        ),
    },
    "document.manifest-out-of-order": {
        "": (
            "{name}のエントリは時刻の古い順に並べなければなりませんが、このエントリ（{loc}、"
            "{compared} {value}）は {previous_line} 行目のエントリ（{previous_loc}、{compared} "
            "{previous_value}）より前です。エントリを時刻の古い順に並べ替えてください。"
        ),
    },
    "document.change-dump-out-of-order": {
        "": (
            "{name}のエントリは時刻の古い順に並べなければなりませんが、このエントリ（{loc}、"
            "{compared} {value}）は {previous_line} 行目のエントリ（{previous_loc}、{compared} "
            "{previous_value}）より前です。エントリを時刻の古い順に並べ替えてください。"
        ),
    },
    "document.notification-out-of-order": {
        "": (
            "{name}のエントリは時刻の古い順に並べなければなりませんが、このエントリ（{loc}、"
            "{compared} {value}）は {previous_line} 行目のエントリ（{previous_loc}、{compared} "
            "{previous_value}）より前です。エントリを時刻の古い順に並べ替えてください。"
        ),
    },
    "document.open-list-not-last": {
        "": (
            "{loc} には from があって until がないので開いたチェンジリストと読めますが、"
            "インデックスではその後に別のチェンジリストが続いています。閉じた時点の until "
            "を加えてください。"
        ),
    },
    "document.too-many-entries": {
        "": (
            "ドキュメントのエントリが {value:,} 件あり、上限の {limit:,} 件を超えています。"
            "インデックスの下の複数のドキュメントに分けてください（core 1.1 §10.2、§12.2）。"
        ),
    },
    "document.near-entry-limit": {
        "": (
            "ドキュメントのエントリが {value:,} 件あり、上限の {limit:,} 件に近づいています。"
            "インデックスの下の複数のドキュメントに分けてください（core 1.1 §10.2、§12.2）。"
        ),
    },
    "document.too-large": {
        "": (
            "ドキュメントが展開後 {megabytes:.1f} MB あり、上限の 50 MB を超えています。"
            "インデックスの下の複数のドキュメントに分けてください（core 1.1 §10.2、§12.2）。"
        ),
    },
    "document.near-size-limit": {
        "": (
            "ドキュメントが展開後 {megabytes:.1f} MB あり、上限の 50 MB に近づいています。"
            "インデックスの下の複数のドキュメントに分けてください（core 1.1 §10.2、§12.2）。"
        ),
    },
    "document.completed-before-at": {
        "": (
            'completed="{completed}" が at="{at}" より前です。'
            "スナップショットが始まる前に終わることはありません。"
        ),
    },
    "document.until-before-from": {
        "": 'until="{until}" が from="{start}" より前です。入れ替えるか、期間を直してください。',
    },
    "document.length-invalid": {
        "": (
            'length="{value}" には大きさをバイト単位の 0 以上の整数で書いてください（例: '
            'length="8876"）。'
        ),
    },
    "document.type-invalid": {
        "": (
            'type="{value}" はメディアタイプではありません。Content-Type ヘッダーと同じ '
            'type/subtype の形（例: type="text/html"）で書いてください。'
        ),
    },
    "document.hash-malformed": {
        "empty": (
            'hash="" が空です。alg:hexdigest の値を一つ以上書くか（例: '
            'hash="md5:1584abdf8ebdc9802ac0c6a7402c03b6"）、属性を削除してください。'
        ),
        "": (
            'hash の値 "{token}" が alg:hexdigest の形ではありません（例: "sha-256:854f6129..."）。'
            "デスティネーションはこれで固定性を確認できません。"
        ),
    },
    "document.hash-digest-length": {
        "": (
            "{algorithm} のダイジェストが 16 進数 {digits} 桁です。{algorithm} は {expected} "
            "桁です。値が途中で切れているか、アルゴリズム名が誤っています。"
        ),
    },
    "parse.rs-namespace": {
        "": (
            '<{element}> の名前空間が誤っています。名前空間は正確に "{expected}" としてください。'
            "意図どおりに読み込みましたが、他のツールはこれらの要素を認識しません。"
        ),
    },
    "parse.sitemap-namespace": {
        "": (
            '<{element}> の名前空間が誤っています。名前空間は正確に "{expected}" としてください。'
            "意図どおりに読み込みましたが、他のツールはこれらの要素を認識しません。"
        ),
    },
    "parse.md-repeated": {
        "": (
            "ドキュメント単位の <rs:md> が二つ目です（一つ目は {first} 行目）。"
            "ドキュメントに置けるのは一つだけで、最初のものだけを使います。"
        ),
    },
    "parse.md-after-entries": {
        "": (
            "ドキュメント単位の <rs:md> が最初のエントリ（{first} 行目）の後にあります。"
            "すべてのエントリより前に置いてください。"
        ),
    },
    "parse.ln-after-entries": {
        "": (
            "ドキュメント単位の <rs:ln> が最初のエントリの後にあります。"
            "ドキュメントについてのリンクは、すべてのエントリより前に置いてください。"
        ),
    },
    "parse.too-many-namespaces": {
        "": (
            "ルート要素が {count:,} 個の名前空間を宣言しています。パーサーは最初の {limit} "
            "個を使います。"
        ),
        "elements": (
            "{limit} を超える名前空間の要素があります。この行以降、それ以上の名前空間にある "
            "{count:,} 個の要素は無視しました。"
        ),
    },
    "parse.too-many-attributes": {
        "document": (
            "この行のエントリまでに、ドキュメントの rs:md と rs:ln の属性が {limit:,} "
            "個を超えました。パーサーはこれ以降のエントリを読みません。"
        ),
        "": "<{element}> に {count:,} 個の属性があります。パーサーは最初の {limit} 個を読みます。",
    },
    "parse.too-many-entries": {
        "": (
            "ドキュメントには {total:,} 件のエントリがあります。パーサーは最初の {read:,} 件（上限 "
            "{limit:,} 件）を読み、この行以降の {unread:,} 件は数えただけで、"
            "読み込みも確認もしていません。"
        ),
    },
    "parse.too-many-links": {
        "document": (
            "ドキュメントの rs:ln が {limit:,} 個を超えています。この行以降の {count:,} "
            "個は読み込んでいません。"
        ),
        "": (
            "このエントリには {count:,} 個の rs:ln があります。パーサーは最初の {limit} "
            "個を読みます。"
        ),
    },
    "parse.unknown-element": {
        "summary": (
            "ここで意味を持たない要素が、{limit} 種類を超える名前でさらに {count:,} 個、"
            "この行以降にあり、無視しました。"
        ),
        "": "{element}（{count} 回）はここでは意味を持たないため、無視しました。",
    },
    "parse.entry-element": {
        "": (
            "<{root}> の中に <{wrong}> 要素が {count} 個あります。<{root}> が持つのは <{expected}> "
            "のエントリです。エントリとして読み込みました。"
        ),
    },
    "parse.attribute-prefixed": {
        "": (
            '属性 "{attribute}" に ResourceSync の名前空間接頭辞が付いています。rs:md と rs:ln '
            "の属性には接頭辞を付けません。"
        ),
    },
    "parse.entry-too-large": {
        "": (
            "このエントリには {count:,} 個の子要素があります。パーサーは最初の {limit:,} "
            "個を読みます。"
        ),
    },
    "parse.loc-repeated": {
        "": "{line} 行目のエントリに {element} が複数あります。最初のものだけを使います。",
    },
    "parse.lastmod-repeated": {
        "": "{line} 行目のエントリに {element} が複数あります。最初のものだけを使います。",
    },
    "parse.entry-md-repeated": {
        "": "{line} 行目のエントリに {element} が複数あります。最初のものだけを使います。",
    },
    "parse.findings-capped": {
        "": (
            "{code} の指摘がほかに {count:,} 件ありますが、表示していません（最初の {cap:,} "
            "件は表示しています）。それらを直してから、もう一度確認してください。"
        ),
    },
    "document.findings-capped": {
        "": (
            "{code} の指摘がほかに {count:,} 件ありますが、表示していません（最初の {cap:,} "
            "件は表示しています）。それらを直してから、もう一度確認してください。"
        ),
    },
    "parse.legacy-changeset": {
        "": "ResourceSync {version} の書き方が {count} 回使われています: {title}",
    },
    "parse.legacy-lastmod-type": {
        "": "ResourceSync {version} の書き方が {count} 回使われています: {title}",
    },
    "parse.legacy-expires": {
        "": "ResourceSync {version} の書き方が {count} 回使われています: {title}",
    },
    "parse.legacy-fixity": {
        "": "ResourceSync {version} の書き方が {count} 回使われています: {title}",
    },
    "parse.legacy-size": {
        "": "ResourceSync {version} の書き方が {count} 回使われています: {title}",
    },
    "parse.legacy-mimetype": {
        "": "ResourceSync {version} の書き方が {count} 回使われています: {title}",
    },
    "parse.legacy-contentencoding": {
        "": "ResourceSync {version} の書き方が {count} 回使われています: {title}",
    },
    "parse.legacy-path": {
        "": "ResourceSync {version} の書き方が {count} 回使われています: {title}",
    },
    "parse.legacy-xhtml-link": {
        "": "ResourceSync {version} の書き方が {count} 回使われています: {title}",
    },
    "parse.legacy-xhtml-meta": {
        "": "ResourceSync {version} の書き方が {count} 回使われています: {title}",
    },
    "parse.legacy-resourcesync-capability": {
        "": "ResourceSync {version} の書き方が {count} 回使われています: {title}",
    },
    "parse.legacy-modified": {
        "": "ResourceSync {version} の書き方が {count} 回使われています: {title}",
    },
    "parse.legacy-resourcesync-link": {
        "": "ResourceSync {version} の書き方が {count} 回使われています: {title}",
    },
    "websub.not-a-notification": {
        "": (
            'capability が "{capability}" です。通知の capability は change-notification か '
            "framework-notification です。"
        ),
    },
    "websub.capability-mismatch": {
        "": "{channel} として告知されたチャネルに {capability} が届きました。",
    },
    "websub.continuity-gap": {
        "": (
            "from {start} が前の通知の until {previous_until} より後です。"
            "その間の通知が抜けている可能性があります。"
        ),
    },
    "websub.continuity-overlap": {
        "": "from {start} が前の通知の until {previous_until} より前です。期間が重なっています。",
    },
    "websub.content-type": {
        "": "Content-Type が {content_type} です。application/xml であるべきです。",
        "absent": "Content-Type がありません。application/xml であるべきです。",
    },
    "websub.link-self-missing": {
        "": "rel=self の Link ヘッダーがありません。",
    },
    "websub.link-hub-missing": {
        "": "rel=hub の Link ヘッダーがありません。",
    },
    "websub.link-self-mismatch": {
        "": "Link rel=self は {value} ですが、サブスクライブしたトピックは {topic} です。",
    },
    "websub.link-hub-mismatch": {
        "": "Link rel=hub は {value} ですが、サブスクライブしたハブは {hub} です。",
    },
    "changes.input-unreadable": {
        "": "{source} を読めませんでした（{reason}）。",
        "fetch": "{source} を取得できませんでした（{reason}）。",
    },
    "websub.signature-unexpected": {
        "": (
            "配信に X-Hub-Signature が付いていますが、"
            "サブスクライブのときにシークレットを渡していないため、確認していません。"
        ),
    },
    "websub.signature-missing": {
        "": (
            "サブスクリプションにシークレットがあるのに、配信に X-Hub-Signature "
            "ヘッダーがありません。"
        ),
    },
    "websub.signature-malformed": {
        "": 'X-Hub-Signature "{header}" が、既知の方式の method=hexdigest の形ではありません。',
    },
    "websub.signature-invalid": {
        "": "{method} の署名が本文（{size:,} バイト）と一致しません。",
    },
    "websub.signature-weak": {
        "": "ハブは sha1 で署名しています。SHA-256 以上を推奨します。",
    },
    "http.child-capability": {
        "": (
            "{child_name}（{child}）は{parent_name}の下に置けません。ここで使えるのは {allowed} "
            "です。"
        ),
    },
    "http.up-target": {
        "": "up は {target} を指していますが、{name}の up は{expected_name}を指します。",
    },
    "http.index-target": {
        "": (
            "index は {target} を指していますが、同じケイパビリティの sitemapindex ではありません。"
        ),
    },
    "http.redirect": {
        "": "リダイレクトされました: {chain} → {final}",
    },
    "http.timeout": {
        "": "{url} へのリクエストがタイムアウトしました（{reason}）。",
    },
    "http.unreachable": {
        "": "{url} を取得できませんでした（{reason}）。",
    },
    "http.redirect-loop": {
        "": "{url} のリダイレクトがループしています（{reason}）。",
    },
    "http.too-many-redirects": {
        "": "{url} のリダイレクトが多すぎます（{reason}）。",
    },
    "http.too-large": {
        "": "{url} の本文がサイズ上限を超えたため、読み込みませんでした（{reason}）。",
        "headers-only": (
            "{url} の本文がサイズ上限を超えたため、ヘッダーだけを使いました（{reason}）。"
        ),
        "discovery": (
            "{url} の本文がサイズ上限を超えたため、ディスカバリーの候補として読みませんでした"
            "（{reason}）。"
        ),
        "hub-answer": (
            "{url} の {mode} リクエストへの応答は大きすぎるため、読みませんでした（{reason}）。"
        ),
        "publish-answer": "{url} の公開への応答は大きすぎるため、読みませんでした（{reason}）。",
    },
    "http.status": {
        "": "{url} が HTTP {status} を返しました。",
    },
    "http.retried": {
        "": "{url} は {attempts} 回目の試行で成功しました。",
    },
    "http.content-type": {
        "": (
            "{shown} として配信されています。ResourceSync のドキュメントは application/xml（または "
            "text/xml）として配信するべきです。"
        ),
    },
    "http.resource-deleted-present": {
        "": "{url} は削除済みとしてリストに載っていますが、まだ {status} を返します。",
    },
    "http.resource-status": {
        "": "{method} {url} の結果は {reason} でした。200 であるべきです。",
    },
    "http.resource-hash": {
        "": "{url} のダイジェストがリストの hash と異なります（{problems}）。",
    },
    "http.resource-length": {
        "": "{url} は {actual} バイトですが、リストでは length={listed} です。",
    },
    "http.resource-type": {
        "": "{url} は {actual} として配信されていますが、リストでは type={listed} です。",
    },
    "http.resource-last-modified-invalid": {
        "": (
            '{url} の Last-Modified: {header} は HTTP の日付（例: "Tue, 15 Nov 1994 08:12:31 GMT"）'
            "ではないため、比べられませんでした。"
        ),
    },
    "http.resource-lastmod": {
        "": (
            "{url} の最終更新は {header} で、リストの {listed} より後です。リストが古いか、"
            "その後にリソースが変わりました。"
        ),
    },
    "http.topic-status": {
        "": (
            "{method} {topic} の結果は {reason} でした。トピック URI は 200 OK "
            "を返さなければなりません。"
        ),
    },
    "http.topic-content-type": {
        "": (
            "{method} {topic} は {shown} として配信されています。トピック URI は application/xml "
            "でなければなりません。"
        ),
    },
    "http.topic-link-self": {
        "": (
            '{method} {topic}: Link ヘッダーでトピック URI を rel="self" '
            "として示さなければなりません。"
        ),
    },
    "http.topic-link-hub": {
        "": '{method} {topic}: Link ヘッダーにハブの URI を示す rel="hub" がありません。',
    },
    "http.topic-hub-mismatch": {
        "": (
            "{method} {topic}: Link のハブ {hubs} が、ケイパビリティリストで示されたハブ "
            "{advertised} と異なります。"
        ),
    },
    "websub.topic-unreachable": {
        "": (
            "ハブを探すためにトピック {url} を取得しようとしましたが、できませんでした（{reason}）"
            "。"
        ),
    },
    "websub.no-hub": {
        "unfetched": "トピックを取得できなかったため、ハブを見つけられませんでした。",
        "": "{url} のハブが見つかりませんでした。",
    },
    "websub.topic-link-missing": {
        "": "{url} は Link rel=self と rel=hub のヘッダーを返しませんでした。",
    },
    "websub.topic-self-differs": {
        "": "{url} は自分の self URL を {topic} としています。",
    },
    "http.dump-not-zip": {
        "": "{url} は読める ZIP ファイルではありません（{reason}）。",
    },
    "http.dump-path-escape": {
        "": "{url}: パッケージ内のファイル {name!r} は、展開するとパッケージの外に書き込まれます。",
        "manifest": "{url}: マニフェストの path {name!r} がパッケージの外を指しています。",
    },
    "http.dump-no-manifest": {
        "": "{url}: 最上位に manifest.xml がありません。",
    },
    "http.dump-manifest-invalid": {
        "": "{url}: manifest.xml を読めません。",
    },
    "http.dump-unlisted-file": {
        "": "{url}: {name} はパッケージにありますが、マニフェストに載っていません。",
    },
    "http.dump-missing-file": {
        "": (
            "{url}: マニフェストに {path}（{loc}）が載っていますが、"
            "パッケージにそのファイルがありません。"
        ),
    },
    "http.dump-length": {
        "": "{url}: {name} は {size} バイトですが、マニフェストでは {listed} です。",
    },
    "http.dump-hash": {
        "": "{url}: {name} のダイジェストがマニフェストと異なります（{problems}）。",
    },
    "http.dump-member-too-large": {
        "": (
            "{url}: manifest.xml が展開すると {size} バイトになり、ドキュメントの上限を超えるため、"
            "読み込みませんでした。"
        ),
    },
    "http.dump-package-length": {
        "": "{url} は {size} バイトですが、ダンプでは length={listed} です。",
    },
    "http.dump-too-large": {
        "": "{url} はダウンロードの上限 {limit} バイトを超えるため、確認しませんでした。",
    },
    "http.dump-contents-differ": {
        "": "{url}: {target} のマニフェストが、パッケージ内の manifest.xml と異なります。",
    },
}

DOCUMENT_NAMES: dict[str, str] = {
    "document": "ドキュメント",
    "Source Description": "ソースディスクリプション",
    "Capability List": "ケイパビリティリスト",
    "Resource List": "リソースリスト",
    "Change List": "チェンジリスト",
    "Resource Dump": "リソースダンプ",
    "Change Dump": "チェンジダンプ",
    "Resource Dump Manifest": "リソースダンプマニフェスト",
    "Change Dump Manifest": "チェンジダンプマニフェスト",
    "change notification": "変更通知",
    "framework notification": "フレームワーク通知",
    "Resource List Archive": "リソースリストアーカイブ",
    "Resource Dump Archive": "リソースダンプアーカイブ",
    "Change List Archive": "チェンジリストアーカイブ",
    "Change Dump Archive": "チェンジダンプアーカイブ",
}
"""The document names the English messages use, in Japanese; a template parameter whose
name ends in ``name`` is looked up here (an index adds インデックス)."""


PHRASES: dict[str, str] = {
    # what a conformance check was doing when it said something
    "step.subscription": "サブスクリプション",
    "step.signed": "hub.secret 付きのサブスクリプション",
    "step.signed-subscription": "署名付きのサブスクリプション",
    "step.extra": "未知のパラメーター付きのサブスクリプション",
    "step.first": "最初のサブスクリプション",
    "step.again": "再サブスクリプション",
    "step.after-again": "再サブスクリプションの後",
    "step.while-subscribed": (
        "サブスクライブ中（これがないと「解除後に届かない」は確かめられません）"
    ),
    "step.lease-asked": "{asked} 秒のリースを求めたサブスクリプション",
    "step.control": "対照用のサブスクリプション",
    "step.control-probe": "対照用のプローブ",
    "step.no-callback": "hub.callback なし",
    "step.bogus-mode": "hub.mode=bogus",
    # conformance check summaries
    "finding": "{finding}",
    "findings": "{findings}",
    "parts": "{parts}",
    "not-run": "未実行: {reason}",
    "no-publication": (
        "ハブがどの公開も受け付けませんでした（{tried}）。--publish xml|form を指定するか、"
        "--no-publish にしてソースから公開してください"
    ),
    "no-delivery-by-source": (
        "{seconds:g} 秒以内に配信がありません（--no-publish: ソースは公開しましたか？）"
    ),
    "topic-not-served": "ハブはこのトピックを扱いません",
    "hub-answered": "ハブが {status} を返しました: {text}",
    "plain-subscription-inactive": "通常のサブスクリプションが有効になりませんでした: {said}",
    "publication-refused-before": (
        "試したどの公開方式もハブに受け付けられませんでした（報告済み）。--publish xml|form "
        "を指定するか、--no-publish にしてソースから公開してください"
    ),
    "source-publishes": "--no-publish: 公開するのはソースです。配信のチェックはそれを待ちます",
    "publish-not-200": "{tried}。§4.1 は 200 を求めています",
    "publish-ok": (
        "Link の self、hub、resourcesync 付きの application/xml の POST に 200 OK を返しました"
    ),
    "lease-not-positive": "hub.lease_seconds={value!r} は正のリースではありません",
    "lease-granted": "{given} 秒が与えられました",
    "lease-granted-as-asked": "求めたとおり {given} 秒が与えられました",
    "legacy-flavour": "{finding}。リース: {lease}",
    "subscribe-status": "{finding}。確認済み。リース: {lease}",
    "subscription-ok": "202 Accepted の後、非同期に意思確認がありました。リース: {lease}",
    "signature-valid": "{algorithm} で署名されており、署名は正しいです",
    "extra-parameters-ok": "リクエストに {names} を加えても、サブスクライブと確認ができました",
    "resubscribe-ok": "期限前にサブスクライブし直しても、一つの公開はちょうど一回配信されました",
    "unsubscribe-unverified": (
        "ハブはサブスクライブ解除の意思確認を送りませんでした。解除後 {seconds:.1f} "
        "秒、配信はありません"
    ),
    "unsubscribe-ok": (
        "サブスクライブ解除は確認されました。解除後 {seconds:.1f} 秒、配信はありません"
    ),
    "headers-ok": "Content-Type はトピックと同じ {type}。Link の self と hub があります",
    "headers-ok-other-hub": (
        "Content-Type はトピックと同じ {type}。Link の self と hub があります（rel=hub は "
        "{hub} ではなく {named} です）"
    ),
    "lease-asked-got": "{asked} 秒を求めて: {got}",
    "request-unanswered": "{label}: 応答なし（{reason}）",
    "request-answered": "{label}: {status} {text}",
    "no-verification-to-answer": "誤って答えるための意思確認をハブが送りませんでした: {said}",
    "wrong-challenge-ok": (
        "チャレンジに誤って答えました。公開は対照用のプローブに届き、このプローブには "
        "{seconds:.1f} 秒のあいだ届きませんでした"
    ),
    "wrong-challenge-ok-sync": (
        "チャレンジに誤って答えました。公開は対照用のプローブに届き、このプローブには "
        "{seconds:.1f} 秒のあいだ届きませんでした。ハブは同期的に確認した後 {status} を返しました"
    ),
    "publish-time-unknown": "--no-publish: ソースがいつ公開したかはここでは分かりません",
    "delivered-after": "公開から {seconds:.2f} 秒後に配信されました",
    "asked-hub-verify": (
        "hub.verify を求めて {status} を返したため、hub.verify=sync で送り直しました"
    ),
    "answered-204": "202 ではなく 204 を返しました",
    "answered-204-sync": "202 ではなく 204 を返しました。返す前に同期的に意思確認をしています",
}
"""Words that are not findings, keyed as the engine's ``Phrase`` names them: what a
conformance check was doing (``step.*``) and each check's summary."""

CHECK_TITLES: dict[str, str] = {
    "publish": "公開: §4.1 の POST、だめなら hub.mode=publish",
    "subscription": "通常のサブスクリプション: 202、非同期の意思確認、リース",
    "signed-delivery": "シークレット: 署名付きの配信、正しい署名",
    "extra-parameters": "未知の追加パラメーターを無視する",
    "resubscribe": "再サブスクライブ: 一つの公開にちょうど一回の配信",
    "unsubscribe": "サブスクライブ解除の後は配信しない",
    "delivery-headers": "配信の Content-Type と Link の self/hub",
    "lease-clamping": "求めたリースと与えられたリース",
    "bad-requests": "hub.callback なし、誤った hub.mode: 理由付きの 4xx",
    "wrong-challenge": "誤ったチャレンジの応答では有効にならない",
    "delivery-latency": "配信の遅延",
}
"""The conformance checks' titles, keyed by check id."""

CHANGE_TEMPLATE_TITLE = "変更通知（N 件のエントリ）"
FRAMEWORK_TEMPLATE_TITLE = "フレームワーク通知: {name} {change}"
"""The workbench's payload templates: the change notification, and one per Table 2 row."""
