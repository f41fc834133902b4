<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja_JP">
<context>
    <name>AboutDialog</name>
    <message>
        <source>Inspect ResourceSync Sources and debug WebSub hubs.</source>
        <translation>ResourceSync のソースを調べ、WebSub のハブをデバッグします。</translation>
    </message>
    <message>
        <source>Qt is linked dynamically: its shared libraries sit in the bundle&apos;s {folder} folder and may be replaced by compatible builds. A Linux bundle also carries system libraries of the machine it was built on (such as OpenSSL, ICU and libxcb), each under its own licence.</source>
        <translation>Qt は動的にリンクされています。共有ライブラリはバンドルの {folder} フォルダーにあり、互換性のあるビルドに置き換えることができます。Linux のバンドルには、ビルドしたマシンのシステムライブラリ（OpenSSL、ICU、libxcb など）も含まれ、それぞれのライセンスに従います。</translation>
    </message>
    <message>
        <source>About {name}</source>
        <translation>{name} について</translation>
    </message>
</context>
<context>
    <name>AppearancePage</name>
    <message>
        <source>System language</source>
        <translation>システムの言語</translation>
    </message>
    <message>
        <source>System</source>
        <translation>システム</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>ライト</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>ダーク</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>テーマ</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>言語</translation>
    </message>
    <message>
        <source>A new language takes effect at the next start.</source>
        <translation>言語の変更は次回の起動時に反映されます。</translation>
    </message>
</context>
<context>
    <name>AuthDialog</name>
    <message>
        <source>Authentication required</source>
        <translation>認証が必要です</translation>
    </message>
    <message>
        <source>Origin</source>
        <translation>オリジン</translation>
    </message>
    <message>
        <source>What the server asks for</source>
        <translation>サーバーが求めているもの</translation>
    </message>
    <message>
        <source>Token (Bearer)</source>
        <translation>トークン（Bearer）</translation>
    </message>
    <message>
        <source>User and password (Basic)</source>
        <translation>ユーザーとパスワード（Basic）</translation>
    </message>
    <message>
        <source>Headers</source>
        <translation>ヘッダー</translation>
    </message>
    <message>
        <source>Token</source>
        <translation>トークン</translation>
    </message>
    <message>
        <source>sent as Authorization: Bearer …</source>
        <translation>Authorization: Bearer … として送信します</translation>
    </message>
    <message>
        <source>User</source>
        <translation>ユーザー</translation>
    </message>
    <message>
        <source>Password</source>
        <translation>パスワード</translation>
    </message>
    <message>
        <source>One per line, e.g.
X-Api-Key: …</source>
        <translation>1 行に 1 つ。例:
X-Api-Key: …</translation>
    </message>
    <message>
        <source>Remember for this origin</source>
        <translation>このオリジンの認証情報を保存する</translation>
    </message>
    <message>
        <source>Send and retry</source>
        <translation>送信して再試行</translation>
    </message>
    <message>
        <source>Asks for</source>
        <translation>要求される方式</translation>
    </message>
    <message>
        <source>The credentials sent were refused (HTTP %1). Give other ones to retry.</source>
        <translation>送信した認証情報は拒否されました（HTTP %1）。別の認証情報を入力して再試行してください。</translation>
    </message>
    <message>
        <source>This Source answered HTTP %1: it is read only with credentials. They are sent to this origin only, never to another host a link or redirect leads to.</source>
        <translation>このソースは HTTP %1 を返しました。読むには認証情報が必要です。認証情報はこのオリジンにだけ送信され、リンクやリダイレクトの先の別のホストには送信されません。</translation>
    </message>
    <message>
        <source>No system keyring is available: remembered credentials are kept for this session only, and asked for again after a restart.</source>
        <translation>システムのキーリングを利用できません。記憶した認証情報はこのセッションの間だけ保持され、再起動後にもう一度入力を求めます。</translation>
    </message>
    <message>
        <source>Remembered credentials go to the system keyring (%1).</source>
        <translation>記憶した認証情報はシステムのキーリング（%1）に保存されます。</translation>
    </message>
    <message>
        <source>Enter the token.</source>
        <translation>トークンを入力してください。</translation>
    </message>
    <message>
        <source>Enter the user name.</source>
        <translation>ユーザー名を入力してください。</translation>
    </message>
    <message>
        <source>Enter at least one header, as Name: value.</source>
        <translation>ヘッダーを「名前: 値」の形で 1 つ以上入力してください。</translation>
    </message>
    <message>
        <source>At most %1 headers.</source>
        <translation>ヘッダーは %1 個までです。</translation>
    </message>
</context>
<context>
    <name>AuthPrompt</name>
    <message>
        <source>Credentials</source>
        <translation>認証情報</translation>
    </message>
    <message>
        <source>Network</source>
        <translation>ネットワーク</translation>
    </message>
    <message>
        <source>Insecure: {warning}.</source>
        <translation>安全ではありません: {warning}。</translation>
    </message>
    <message>
        <source>{origin}: {error}; the credentials are kept for this session only.</source>
        <translation>{origin}: {error}。認証情報はこのセッションの間だけ保持します。</translation>
    </message>
    <message>
        <source>not read from the keyring</source>
        <translation>キーリングから読み込んでいません</translation>
    </message>
</context>
<context>
    <name>Counts</name>
    <message numerus="yes">
        <source>%Ln error(s)</source>
        <translation>
            <numerusform>%Ln 件のエラー</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln warning(s)</source>
        <translation>
            <numerusform>%Ln 件の警告</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln note(s)</source>
        <translation>
            <numerusform>%Ln 件の情報</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln entry(s)</source>
        <translation>
            <numerusform>%Ln 件のエントリ</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln document(s)</source>
        <translation>
            <numerusform>%Ln 件のドキュメント</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln finding(s)</source>
        <translation>
            <numerusform>%Ln 件の指摘</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln notification(s)</source>
        <translation>
            <numerusform>%Ln 件の通知</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln exchange(s)</source>
        <translation>
            <numerusform>%Ln 件のやり取り</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln origin(s)</source>
        <translation>
            <numerusform>%Ln 件のオリジン</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln more link(s)</source>
        <translation>
            <numerusform>さらに %Ln 件のリンク</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln day(s) {hours} h</source>
        <translation>
            <numerusform>%Ln 日 {hours} 時間</numerusform>
        </translation>
    </message>
    <message>
        <source>{hours} h {minutes:02d} min</source>
        <translation>{hours} 時間 {minutes:02d} 分</translation>
    </message>
    <message>
        <source>{minutes} min {seconds:02d} s</source>
        <translation>{minutes} 分 {seconds:02d} 秒</translation>
    </message>
    <message>
        <source>{seconds} s</source>
        <translation>{seconds} 秒</translation>
    </message>
    <message>
        <source>, </source>
        <comment>between the items of a list</comment>
        <translation>、</translation>
    </message>
</context>
<context>
    <name>CredentialsPage</name>
    <message>
        <source>Origin</source>
        <translation>オリジン</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>種類</translation>
    </message>
    <message>
        <source>Credential</source>
        <translation>認証情報</translation>
    </message>
    <message>
        <source>Kept in</source>
        <translation>保存先</translation>
    </message>
    <message>
        <source>Credentials by origin</source>
        <translation>オリジンごとの認証情報</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>削除</translation>
    </message>
    <message>
        <source>Remove the selected credentials</source>
        <translation>選択した認証情報を削除します</translation>
    </message>
    <message>
        <source>Remembered secrets are in the system keyring (%1).</source>
        <translation>記憶したシークレットはシステムのキーリング（%1）にあります。</translation>
    </message>
    <message>
        <source>No system keyring is available: credentials are kept for this session only.</source>
        <translation>システムのキーリングを利用できません。認証情報はこのセッションの間だけ保持されます。</translation>
    </message>
    <message>
        <source>Each origin&apos;s credentials are sent to that origin only.</source>
        <translation>各オリジンの認証情報は、そのオリジンにだけ送信されます。</translation>
    </message>
    <message>
        <source>system keyring</source>
        <translation>システムのキーリング</translation>
    </message>
    <message>
        <source>this session</source>
        <translation>このセッション</translation>
    </message>
</context>
<context>
    <name>DemoFaults</name>
    <message>
        <source>hub signs deliveries with the wrong key (WebSub §7.1)</source>
        <translation>ハブが誤った鍵で配信に署名します（WebSub §7.1）</translation>
    </message>
    <message>
        <source>hub omits X-Hub-Signature although the subscriber gave hub.secret (WebSub §7.1)</source>
        <translation>サブスクライバーが hub.secret を渡したのに、ハブが X-Hub-Signature を付けません（WebSub §7.1）</translation>
    </message>
    <message>
        <source>deliveries, topic URIs and XML documents carry text/plain instead of application/xml (change-notification 1.0.1 §4.1, §4.3)</source>
        <translation>配信、トピック URI、XML ドキュメントが application/xml ではなく text/plain で返されます（change-notification 1.0.1 §4.1、§4.3）</translation>
    </message>
    <message>
        <source>deliveries and topic URIs have no Link self/hub; resources have no Link rel=resourcesync (change-notification 1.0.1 §4.1, core 1.1 §6.3.3)</source>
        <translation>配信とトピック URI に Link の self/hub がなく、リソースに Link rel=resourcesync がありません（change-notification 1.0.1 §4.1、core 1.1 §6.3.3）</translation>
    </message>
    <message>
        <source>change notifications are published in swapped pairs, so from/until intervals arrive out of sequence (change-notification 1.0.1 §3)</source>
        <translation>変更通知が 2 件ずつ入れ替わってパブリッシュされ、from/until の期間が順序どおりに届きません（change-notification 1.0.1 §3）</translation>
    </message>
    <message>
        <source>notification payloads and Change Lists are cut short (not well-formed XML)</source>
        <translation>通知のペイロードと変更リストが途中で切れます（整形式の XML ではありません）</translation>
    </message>
    <message>
        <source>notification payloads and XML documents use a wrong ResourceSync namespace URI (core 1.1 §4)</source>
        <translation>通知のペイロードと XML ドキュメントが誤った ResourceSync の名前空間 URI を使います（core 1.1 §4）</translation>
    </message>
    <message>
        <source>hub waits before each delivery</source>
        <translation>ハブが配信のたびに待ってから送ります</translation>
    </message>
    <message>
        <source>hub&apos;s verification GET names a topic the subscriber never requested (WebSub §5.3.1)</source>
        <translation>ハブの検証 GET が、サブスクライバーの求めていないトピックを指定します（WebSub §5.3.1）</translation>
    </message>
    <message>
        <source>hub&apos;s verification GET says hub.lease_seconds=0 while it keeps the clamped lease, as some real hubs do (WebSub §5.3)</source>
        <translation>実在する一部のハブと同じく、ハブの検証 GET が hub.lease_seconds=0 と伝えながら、調整したリース期間を保ちます（WebSub §5.3）</translation>
    </message>
    <message>
        <source>hub answers 400 topic_not_supported to a subscription for a topic it does not serve, as allowlisted hubs do, instead of denying it (WebSub §5.2)</source>
        <translation>許可リストを持つハブと同じく、扱わないトピックへのサブスクライブを拒否通知ではなく 400 topic_not_supported で断ります（WebSub §5.2）</translation>
    </message>
    <message>
        <source>hub refuses every publication with 403, as hubs that take updates only from their own publisher do (WebSub §6)</source>
        <translation>自分のパブリッシャーからしか更新を受け付けないハブと同じく、すべてのパブリッシュを 403 で断ります（WebSub §6）</translation>
    </message>
    <message>
        <source>hub verifies subscriptions and accepts publications but never delivers, while the Source keeps changing (the push fails silently; poll the Change Lists)</source>
        <translation>ハブはサブスクリプションの検証（意思確認）も公開の受け付けもしますが、ソースが変わり続けても一切配信しません（プッシュが黙って止まる状態です。変更リストを読んで確かめてください）</translation>
    </message>
    <message>
        <source>hub drops every fifth delivery to each subscriber without a word (the Change Lists still list every change)</source>
        <translation>ハブが各サブスクライバーへの配信を 5 回に 1 回、何も言わずに落とします（変更リストにはすべての変更が載り続けます）</translation>
    </message>
    <message>
        <source>framework notifications and component lists lack the rel=index link (framework-notification 1.0.1 §3, core 1.1 §6.2)</source>
        <translation>フレームワーク通知と構成リストに rel=index のリンクがありません（framework-notification 1.0.1 §3、core 1.1 §6.2）</translation>
    </message>
</context>
<context>
    <name>DocumentPanel</name>
    <message>
        <source>(no capability)</source>
        <translation>（capability なし）</translation>
    </message>
    <message>
        <source>index</source>
        <translation>インデックス</translation>
    </message>
    <message>
        <source>legacy syntax</source>
        <translation>旧形式の構文</translation>
    </message>
    <message>
        <source>and {more}</source>
        <translation>{more}</translation>
    </message>
    <message>
        <source>{shown} of {total}</source>
        <translation>{total} 件中 {shown} 件</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>問題</translation>
    </message>
    <message>
        <source>{capability} channel · hub: {hub}</source>
        <translation>{capability} チャンネル · ハブ: {hub}</translation>
    </message>
    <message>
        <source>(none declared)</source>
        <translation>（宣言なし）</translation>
    </message>
    <message>
        <source>Subscribe from the context menu or the Subscriptions panel.</source>
        <translation>コンテキストメニューまたはサブスクリプションパネルからサブスクライブしてください。</translation>
    </message>
    <message>
        <source>Problems ({count})</source>
        <translation>問題（{count}）</translation>
    </message>
</context>
<context>
    <name>DocumentWidgets</name>
    <message>
        <source>Open a Source to see its documents.</source>
        <translation>ソースを開くと、そのドキュメントが表示されます。</translation>
    </message>
    <message>
        <source>Document header</source>
        <translation>ドキュメントのヘッダー</translation>
    </message>
    <message>
        <source>Filter entries by loc, type or hash (Ctrl+F)</source>
        <translation>loc、type、hash でエントリを絞り込み（Ctrl+F）</translation>
    </message>
    <message>
        <source>Entry filter</source>
        <translation>エントリの絞り込み</translation>
    </message>
    <message>
        <source>all changes</source>
        <translation>すべての変更</translation>
    </message>
    <message>
        <source>Change type filter</source>
        <translation>変更タイプで絞り込み</translation>
    </message>
    <message>
        <source>Entry count</source>
        <translation>エントリ数</translation>
    </message>
    <message>
        <source>{shown} of {total}</source>
        <translation>{total} 件中 {shown} 件</translation>
    </message>
    <message>
        <source>Clear filter</source>
        <translation>絞り込みを解除</translation>
    </message>
    <message>
        <source>Esc clears the filter; a new document starts unfiltered</source>
        <translation>Esc で絞り込みを解除します。別のドキュメントを開くと絞り込みは解除されます</translation>
    </message>
    <message>
        <source>Entries</source>
        <translation>エントリ</translation>
    </message>
    <message>
        <source>XML source</source>
        <translation>XML ソース</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>問題</translation>
    </message>
    <message>
        <source>Document tabs</source>
        <translation>ドキュメントのタブ</translation>
    </message>
</context>
<context>
    <name>EntriesTableModel</name>
    <message>
        <source>line {line}</source>
        <translation>{line} 行目</translation>
    </message>
</context>
<context>
    <name>ExchangeModel</name>
    <message>
        <source>time</source>
        <translation>時刻</translation>
    </message>
    <message>
        <source>dir</source>
        <translation>方向</translation>
    </message>
    <message>
        <source>kind</source>
        <translation>種類</translation>
    </message>
    <message>
        <source>method</source>
        <translation>メソッド</translation>
    </message>
    <message>
        <source>status</source>
        <translation>ステータス</translation>
    </message>
    <message>
        <source>topic</source>
        <translation>トピック</translation>
    </message>
</context>
<context>
    <name>ExplorerServices</name>
    <message>
        <source>the store is open read-only: no callback server, no new subscriptions</source>
        <translation>ストアは読み取り専用で開かれています。コールバックサーバーは動かず、新しいサブスクリプションもできません</translation>
    </message>
    <message>
        <source>port {port} cannot be used ({reason})</source>
        <translation>ポート {port} は使えません（{reason}）</translation>
    </message>
    <message>
        <source>{url}: no answer ({error})</source>
        <translation>{url}: 応答がありません（{error}）</translation>
    </message>
    <message>
        <source>{url}: reached this callback server (it answered {status} to the probe, as expected for an unknown path); hubs can call back through it</source>
        <translation>{url}: このコールバックサーバーに届きました（未知のパスへのプローブに、想定どおり {status} を返しました）。ハブはこの URL でコールバックできます</translation>
    </message>
    <message>
        <source>{url}: answered {status}, but the request never reached this callback server: the tunnel or proxy points somewhere else</source>
        <translation>{url}: {status} を返しましたが、リクエストはこのコールバックサーバーに届いていません。トンネルまたはプロキシが別の場所を指しています</translation>
    </message>
    <message>
        <source>the earlier version of this document is not held (e.g. after a restart)</source>
        <translation>このドキュメントの以前の版を保持していません（再起動後など）</translation>
    </message>
    <message>
        <source>cannot diff: {error}</source>
        <translation>差分を取れません: {error}</translation>
    </message>
</context>
<context>
    <name>FeedModel</name>
    <message>
        <source>time</source>
        <translation>時刻</translation>
    </message>
    <message>
        <source>channel</source>
        <translation>チャンネル</translation>
    </message>
    <message>
        <source>topic</source>
        <translation>トピック</translation>
    </message>
    <message>
        <source>entries</source>
        <translation>エントリ</translation>
    </message>
    <message>
        <source>created</source>
        <translatorcomment>technical</translatorcomment>
        <translation>created</translation>
    </message>
    <message>
        <source>updated</source>
        <translatorcomment>technical</translatorcomment>
        <translation>updated</translation>
    </message>
    <message>
        <source>deleted</source>
        <translatorcomment>technical</translatorcomment>
        <translation>deleted</translation>
    </message>
    <message>
        <source>warnings</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>change</source>
        <translation>変更通知</translation>
    </message>
    <message>
        <source>framework</source>
        <translation>フレームワーク通知</translation>
    </message>
    <message>
        <source>REJECTED</source>
        <translation>拒否</translation>
    </message>
    <message>
        <source>rejected delivery: {reason} (signature {signature})</source>
        <translation>拒否した配信: {reason}（署名 {signature}）</translation>
    </message>
</context>
<context>
    <name>FeedPanel</name>
    <message>
        <source>Rejected delivery</source>
        <translation>拒否した配信</translation>
    </message>
    <message>
        <source>(signature: {signature})</source>
        <translation>（署名: {signature}）</translation>
    </message>
    <message>
        <source>It was acknowledged to the hub but is not a notification.</source>
        <translation>ハブには受領を返しましたが、通知ではありません。</translation>
    </message>
    <message>
        <source>the documents it names are being refetched; the diff follows</source>
        <translation>通知が示すドキュメントを再取得中です。差分はこの後に表示します</translation>
    </message>
    <message>
        <source>the tracker&apos;s state is not kept across restarts, or it could not be computed</source>
        <translation>追跡状態が再起動で失われたか、計算できなかったため</translation>
    </message>
    <message>
        <source>{entries} (no diff: {why}).</source>
        <translation>{entries}（差分なし: {why}）。</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>なし</translation>
    </message>
    <message>
        <source>last known: {fields}</source>
        <translation>最後に確認した値: {fields}</translation>
    </message>
    <message>
        <source>new: {fields}</source>
        <translation>新規: {fields}</translation>
    </message>
    <message>
        <source>no tracked field changed</source>
        <translation>追跡している項目に変更はありません</translation>
    </message>
    <message>
        <source>no diff: {reason}</source>
        <translation>差分なし: {reason}</translation>
    </message>
    <message>
        <source>{count} added</source>
        <translation>{count} 件追加</translation>
    </message>
    <message>
        <source>{count} removed</source>
        <translation>{count} 件削除</translation>
    </message>
    <message>
        <source>{count} changed</source>
        <translation>{count} 件変更</translation>
    </message>
    <message>
        <source>added: {locs}</source>
        <translation>追加: {locs}</translation>
    </message>
    <message>
        <source>Export feed</source>
        <translation>フィードをエクスポート</translation>
    </message>
    <message>
        <source>computing the diff of {url}…</source>
        <translation>{url} の差分を計算中…</translation>
    </message>
    <message>
        <source>{url}: {removed}, {added} (canonical XML, old left, new right)</source>
        <translation>{url}: {removed}、{added}（正規化した XML。左が旧、右が新）</translation>
    </message>
    <message numerus="yes">
        <source>%Ln line(s) removed</source>
        <translation>
            <numerusform>%Ln 行削除</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln added</source>
        <translation>
            <numerusform>%Ln 行追加</numerusform>
        </translation>
    </message>
    <message>
        <source>{url}: no diff — {reason}</source>
        <translation>{url}: 差分なし — {reason}</translation>
    </message>
    <message>
        <source>JSON lines (*.jsonl)</source>
        <translation>JSON Lines (*.jsonl)</translation>
    </message>
    <message>
        <source>export failed: {error}</source>
        <translation>エクスポートに失敗しました: {error}</translation>
    </message>
    <message>
        <source>exported {count} to {path}</source>
        <translation>{count}を {path} にエクスポートしました</translation>
    </message>
    <message>
        <source>Clear the live feed</source>
        <translation>ライブフィードのクリア</translation>
    </message>
    <message>
        <source>Remove all {count} from the feed? The store keeps them, but they are not shown here again, even after a restart.</source>
        <translation>フィードから {count}をすべて消去しますか？ ストアには残りますが、再起動後もここには表示しません。</translation>
    </message>
    <message>
        <source>Or delete them from the store for good. Subscriptions and the HTTP inspector&apos;s log are kept either way.</source>
        <translation>またはストアから完全に削除します。どちらの場合もサブスクリプションと HTTP インスペクターのログは残ります。</translation>
    </message>
    <message>
        <source>Clear the feed</source>
        <translation>フィードをクリア</translation>
    </message>
    <message>
        <source>Clear and delete from the store</source>
        <translation>クリアしてストアから削除</translation>
    </message>
    <message>
        <source>The store is open read-only</source>
        <translation>ストアは読み取り専用で開かれています</translation>
    </message>
    <message>
        <source>feed cleared</source>
        <translation>フィードをクリアしました</translation>
    </message>
    <message>
        <source>feed cleared, but deleting from the store failed: {error}</source>
        <translation>フィードをクリアしましたが、ストアからの削除に失敗しました: {error}</translation>
    </message>
    <message>
        <source>feed cleared; {count} deleted from the store</source>
        <translation>フィードをクリアし、{count}をストアから削除しました</translation>
    </message>
</context>
<context>
    <name>FeedWidgets</name>
    <message>
        <source>Channel filter</source>
        <translation>チャンネルで絞り込み</translation>
    </message>
    <message>
        <source>all channels</source>
        <translation>すべてのチャンネル</translation>
    </message>
    <message>
        <source>change</source>
        <translation>変更通知</translation>
    </message>
    <message>
        <source>framework</source>
        <translation>フレームワーク通知</translation>
    </message>
    <message>
        <source>rejected</source>
        <translation>拒否</translation>
    </message>
    <message>
        <source>Change type filter</source>
        <translation>変更タイプで絞り込み</translation>
    </message>
    <message>
        <source>all changes</source>
        <translation>すべての変更</translation>
    </message>
    <message>
        <source>Filter by topic, loc, code</source>
        <translation>トピック、loc、コードで絞り込み</translation>
    </message>
    <message>
        <source>Feed text filter</source>
        <translation>フィードの文字列で絞り込み</translation>
    </message>
    <message>
        <source>Auto-scroll</source>
        <translation>自動スクロール</translation>
    </message>
    <message>
        <source>Auto-scroll (untick to pause)</source>
        <translation>自動スクロール（チェックを外すと一時停止）</translation>
    </message>
    <message>
        <source>Keep the newest notification in view; pauses while a row is selected or the pointer is over the table</source>
        <translation>最新の通知を表示し続けます。行を選択している間やポインターが表の上にある間は一時停止します</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>クリア</translation>
    </message>
    <message>
        <source>Clear feed</source>
        <translation>フィードをクリア</translation>
    </message>
    <message>
        <source>Remove every row from the feed (asks first)</source>
        <translation>フィードのすべての行を消去します（先に確認します）</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>エクスポート…</translation>
    </message>
    <message>
        <source>Export feed</source>
        <translation>フィードをエクスポート</translation>
    </message>
    <message>
        <source>Save the rows shown as JSON lines</source>
        <translation>表示中の行を JSON Lines で保存します</translation>
    </message>
    <message>
        <source>Notifications</source>
        <translation>通知</translation>
    </message>
    <message>
        <source>Entry changes</source>
        <translation>エントリの変更</translation>
    </message>
    <message>
        <source>Notification warnings</source>
        <translation>通知の警告</translation>
    </message>
    <message>
        <source>Raw payload</source>
        <translation>生のペイロード</translation>
    </message>
    <message>
        <source>Refetched document</source>
        <translation>再取得したドキュメント</translation>
    </message>
    <message>
        <source>Changes</source>
        <translation>変更</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Payload</source>
        <translation>ペイロード</translation>
    </message>
    <message>
        <source>Document diff</source>
        <translation>ドキュメントの差分</translation>
    </message>
    <message>
        <source>Notification detail</source>
        <translation>通知の詳細</translation>
    </message>
    <message>
        <source>Warnings ({count})</source>
        <translation>警告（{count}）</translation>
    </message>
</context>
<context>
    <name>GeneralPage</name>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>Request timeout</source>
        <translation>リクエストのタイムアウト</translation>
    </message>
    <message>
        <source>How long one document request may wait for an answer</source>
        <translation>1 件のドキュメントのリクエストが応答を待つ時間</translation>
    </message>
    <message>
        <source>Retries</source>
        <translation>再試行</translation>
    </message>
    <message>
        <source>Extra attempts after a connection failure</source>
        <translation>接続に失敗した後に追加で試す回数</translation>
    </message>
    <message>
        <source>Applies to the next document opened.</source>
        <translation>次に開くドキュメントから反映されます。</translation>
    </message>
</context>
<context>
    <name>HubWorkbench</name>
    <message>
        <source>Publish: §4.1 POST, else hub.mode=publish</source>
        <translation>パブリッシュ: §4.1 の POST（不可なら hub.mode=publish）</translation>
    </message>
    <message>
        <source>Publish: §4.1 POST only</source>
        <translation>パブリッシュ: §4.1 の POST のみ</translation>
    </message>
    <message>
        <source>Publish: hub.mode=publish only</source>
        <translation>パブリッシュ: hub.mode=publish のみ</translation>
    </message>
    <message>
        <source>Don&apos;t publish: the Source does</source>
        <translation>パブリッシュしない: ソースがパブリッシュする</translation>
    </message>
    <message>
        <source>PASS</source>
        <translation>合格</translation>
    </message>
    <message>
        <source>WARN</source>
        <translation>注意</translation>
    </message>
    <message>
        <source>FAIL</source>
        <translation>不合格</translation>
    </message>
    <message>
        <source>NOT RUN</source>
        <translation>未実施</translation>
    </message>
    <message>
        <source>Load a notification payload</source>
        <translation>通知のペイロードを読み込む</translation>
    </message>
    <message>
        <source>XML (*.xml)</source>
        <translatorcomment>technical</translatorcomment>
        <translation>XML (*.xml)</translation>
    </message>
    <message>
        <source>Any file (*)</source>
        <translation>すべてのファイル (*)</translation>
    </message>
    <message>
        <source>cannot read {path}: {error}</source>
        <translation>{path} を読めません: {error}</translation>
    </message>
    <message>
        <source>loaded {path} ({size} bytes)</source>
        <translation>{path} を読み込みました（{size} バイト）</translation>
    </message>
    <message>
        <source>not well-formed XML</source>
        <translation>整形式の XML ではありません</translation>
    </message>
    <message>
        <source>document</source>
        <translation>ドキュメント</translation>
    </message>
    <message>
        <source>✓ valid {kind}</source>
        <translation>✓ 有効な {kind}</translation>
    </message>
    <message>
        <source>the callback server is not running</source>
        <translation>コールバックサーバーが動いていません</translation>
    </message>
    <message>
        <source>give the hub&apos;s http(s) URL first</source>
        <translation>先にハブの http(s) の URL を入力してください</translation>
    </message>
    <message>
        <source>publishing {size} bytes to {hub} …</source>
        <translation>{hub} に {size} バイトをパブリッシュ中…</translation>
    </message>
    <message>
        <source>published: {answer} in {ms} ms</source>
        <translation>パブリッシュしました: {answer}（{ms} ms）</translation>
    </message>
    <message>
        <source>the callback server is not running; start it in the Subscriptions panel</source>
        <translation>コールバックサーバーが動いていません。サブスクリプションパネルで開始してください</translation>
    </message>
    <message>
        <source>running conformance checks against {hub} …</source>
        <translation>{hub} に対して適合性チェックを実行中…</translation>
    </message>
    <message numerus="yes">
        <source>conformance run cancelled after %n check(s)</source>
        <translation>
            <numerusform>%n 件のチェックの後で適合性チェックを中止しました</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n check(s): {passed} pass, {warned} warn, {failed} fail, {skipped} not run</source>
        <translation>
            <numerusform>%n 件のチェック: 合格 {passed}、注意 {warned}、不合格 {failed}、未実施 {skipped}</numerusform>
        </translation>
    </message>
    <message>
        <source>conformance run finished</source>
        <translation>適合性チェックが終わりました</translation>
    </message>
    <message>
        <source>depends on: {check}</source>
        <translation>前提: {check}</translation>
    </message>
    <message numerus="yes">
        <source>%n exchange(s) show it:</source>
        <translation>
            <numerusform>これを示すやり取り（%n 件）:</numerusform>
        </translation>
    </message>
    <message>
        <source>line {line}: </source>
        <translation>{line} 行目: </translation>
    </message>
</context>
<context>
    <name>HubWorkbenchWidgets</name>
    <message>
        <source>hub URL, e.g. http://127.0.0.1:8080/hub</source>
        <translation>ハブの URL（例: http://127.0.0.1:8080/hub）</translation>
    </message>
    <message>
        <source>Hub URL</source>
        <translation>ハブの URL</translation>
    </message>
    <message>
        <source>topic URL (empty: host one on the callback server)</source>
        <translation>トピックの URL（空欄: コールバックサーバーでホストする）</translation>
    </message>
    <message>
        <source>Topic URL</source>
        <translation>トピックの URL</translation>
    </message>
    <message>
        <source>Host topic here</source>
        <translation>ここでトピックをホスト</translation>
    </message>
    <message>
        <source>Serve a topic URI (HEAD/GET, notification §4.1) on the callback server, answering with the last payload published</source>
        <translation>コールバックサーバーでトピック URI を提供し（HEAD/GET、notification §4.1）、最後にパブリッシュしたペイロードを返します</translation>
    </message>
    <message>
        <source>Hub</source>
        <translation>ハブ</translation>
    </message>
    <message>
        <source>Topic</source>
        <translation>トピック</translation>
    </message>
    <message>
        <source>Workbench status</source>
        <translation>ワークベンチの状態</translation>
    </message>
    <message>
        <source>Publish</source>
        <translation>パブリッシュ</translation>
    </message>
    <message>
        <source>Template</source>
        <translation>テンプレート</translation>
    </message>
    <message>
        <source>Entries</source>
        <translation>エントリ</translation>
    </message>
    <message>
        <source>Use template</source>
        <translation>テンプレートを使う</translation>
    </message>
    <message>
        <source>Load file…</source>
        <translation>ファイルを開く…</translation>
    </message>
    <message>
        <source>Payload editor</source>
        <translation>ペイロードエディター</translation>
    </message>
    <message>
        <source>no payload yet</source>
        <translation>ペイロードはまだありません</translation>
    </message>
    <message>
        <source>Validation</source>
        <translation>検証</translation>
    </message>
    <message>
        <source>Payload problems</source>
        <translation>ペイロードの問題</translation>
    </message>
    <message>
        <source>POST as application/xml with Link self, hub and resourcesync (change-notification 1.0.1 §4.1)</source>
        <translation>Link の self、hub、resourcesync を付けて application/xml として POST します（change-notification 1.0.1 §4.1）</translation>
    </message>
    <message>
        <source>the hub&apos;s full response appears here</source>
        <translation>ハブのレスポンス全体がここに表示されます</translation>
    </message>
    <message>
        <source>Hub response</source>
        <translation>ハブのレスポンス</translation>
    </message>
    <message>
        <source>Conformance</source>
        <translation>適合性</translation>
    </message>
    <message>
        <source>wait for a verification or a delivery</source>
        <translation>検証要求または配信を待つ時間</translation>
    </message>
    <message>
        <source>watch this long for deliveries that must not come</source>
        <translation>届いてはならない配信がないことを確かめる時間</translation>
    </message>
    <message>
        <source>Publish style</source>
        <translation>パブリッシュの方法</translation>
    </message>
    <message>
        <source>how the checks publish; with the Source publishing, they wait for its deliveries</source>
        <translation>チェックでのパブリッシュの方法。ソースがパブリッシュする場合は、その配信を待ちます</translation>
    </message>
    <message>
        <source>Run checks</source>
        <translation>チェックを実行</translation>
    </message>
    <message>
        <source>Run every conformance check against the hub</source>
        <translation>ハブに対してすべての適合性チェックを実行します</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>Stop the conformance run; finished checks stay listed</source>
        <translation>適合性チェックを中止します。完了したチェックは一覧に残ります</translation>
    </message>
    <message>
        <source>Wait</source>
        <translation>待機</translation>
    </message>
    <message>
        <source>Quiet</source>
        <translation>無配信の確認</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>結果</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>チェック</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>概要</translation>
    </message>
    <message>
        <source>Conformance results</source>
        <translation>適合性チェックの結果</translation>
    </message>
    <message>
        <source>Conformance summary</source>
        <translation>適合性チェックの概要</translation>
    </message>
    <message>
        <source>select a check to see its evidence</source>
        <translation>チェックを選ぶと根拠が表示されます</translation>
    </message>
    <message>
        <source>Check detail</source>
        <translation>チェックの詳細</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>根拠</translation>
    </message>
    <message>
        <source>Exchange detail</source>
        <translation>やり取りの詳細</translation>
    </message>
</context>
<context>
    <name>InspectorPanel</name>
    <message>
        <source>received {when} · kind {kind}</source>
        <translation>受信 {when} · 種類 {kind}</translation>
    </message>
    <message>
        <source>sent {when} · kind {kind}</source>
        <translation>送信 {when} · 種類 {kind}</translation>
    </message>
    <message>
        <source>error: {error}</source>
        <translation>エラー: {error}</translation>
    </message>
    <message>
        <source>no response</source>
        <translation>レスポンスなし</translation>
    </message>
    <message>
        <source>… first {kept} of {size} bytes kept (cap {cap})</source>
        <translation>… {size} バイトのうち先頭 {kept} バイトを保持（上限 {cap}）</translation>
    </message>
    <message>
        <source>{shown} of {total}</source>
        <translation>{total} 件中 {shown} 件</translation>
    </message>
    <message>
        <source>curl command copied</source>
        <translation>curl コマンドをコピーしました</translation>
    </message>
    <message>
        <source>copied a curl command for {method} {url}</source>
        <translation>{method} {url} の curl コマンドをコピーしました</translation>
    </message>
    <message>
        <source>no credentials are kept for this request&apos;s origin</source>
        <translation>このリクエストのオリジンには認証情報を保持していません</translation>
    </message>
    <message>
        <source>curl command copied, WITH credentials in clear</source>
        <translation>curl コマンドを認証情報付き（平文）でコピーしました</translation>
    </message>
    <message>
        <source>copied a curl command with credentials for {url}</source>
        <translation>{url} の認証情報付き curl コマンドをコピーしました</translation>
    </message>
    <message>
        <source>replayed: the callback answered {answer}</source>
        <translation>再送しました: コールバックの応答は {answer}</translation>
    </message>
    <message>
        <source>delivery replayed: the callback answered {answer}</source>
        <translation>配信を再送しました: コールバックの応答は {answer}</translation>
    </message>
</context>
<context>
    <name>InspectorWidgets</name>
    <message>
        <source>HTTP exchanges</source>
        <translation>HTTP のやり取り</translation>
    </message>
    <message>
        <source>Exchange detail</source>
        <translation>やり取りの詳細</translation>
    </message>
    <message>
        <source>Copy as curl</source>
        <translation>curl としてコピー</translation>
    </message>
    <message>
        <source>Copy as curl (with credentials)</source>
        <translation>curl としてコピー（認証情報付き）</translation>
    </message>
    <message>
        <source>Copy as curl with the real credentials</source>
        <translation>実際の認証情報付きで curl としてコピー</translation>
    </message>
    <message>
        <source>Copy the request with the credentials kept for its origin, in clear</source>
        <translation>オリジンに保持している認証情報を平文のまま含めて、リクエストをコピーします</translation>
    </message>
    <message>
        <source>Replay delivery</source>
        <translation>配信を再送</translation>
    </message>
    <message>
        <source>Replay delivery to its callback</source>
        <translation>配信をコールバックに再送</translation>
    </message>
    <message>
        <source>Copy the selected request as a curl command</source>
        <translation>選択したリクエストを curl コマンドとしてコピーします</translation>
    </message>
    <message>
        <source>POST the selected delivery again to its callback</source>
        <translation>選択した配信をコールバックにもう一度 POST します</translation>
    </message>
    <message>
        <source>Filter: method, status, kind, topic or URL words</source>
        <translation>絞り込み: メソッド、ステータス、種類、トピック、URL の語</translation>
    </message>
    <message>
        <source>Exchange filter</source>
        <translation>やり取りの絞り込み</translation>
    </message>
    <message>
        <source>Every word must match, e.g. &quot;POST 202&quot; or &quot;delivery in&quot;</source>
        <translation>すべての語に一致する行を表示します（例: &quot;POST 202&quot;、&quot;delivery in&quot;）</translation>
    </message>
    <message>
        <source>Follow newest</source>
        <translation>最新を追う</translation>
    </message>
    <message>
        <source>Keep the newest exchange in view; pauses while a row is selected</source>
        <translation>最新のやり取りを表示し続けます。行を選択している間は一時停止します</translation>
    </message>
    <message>
        <source>Exchange count</source>
        <translation>やり取りの件数</translation>
    </message>
</context>
<context>
    <name>LivePage</name>
    <message>
        <source>Callback bind address</source>
        <translation>コールバックのバインドアドレス</translation>
    </message>
    <message>
        <source>127.0.0.1 accepts only this computer; 0.0.0.0 every network interface</source>
        <translation>127.0.0.1 はこのコンピューターからだけ、0.0.0.0 はすべてのネットワークインターフェースから受け付けます</translation>
    </message>
    <message>
        <source>any free port</source>
        <translation>空いている任意のポート</translation>
    </message>
    <message>
        <source>Callback port</source>
        <translation>コールバックのポート</translation>
    </message>
    <message>
        <source>A fixed port, e.g. for a tunnel or a firewall rule</source>
        <translation>固定のポート（トンネルやファイアウォールのルール用など）</translation>
    </message>
    <message>
        <source>e.g. https://my-tunnel.example/ (optional)</source>
        <translation>例: https://my-tunnel.example/（任意）</translation>
    </message>
    <message>
        <source>Public URL</source>
        <translation>公開 URL</translation>
    </message>
    <message>
        <source>The callback server&apos;s address as hubs reach it</source>
        <translation>ハブから見たコールバックサーバーのアドレス</translation>
    </message>
    <message>
        <source>Feed size</source>
        <translation>フィードの件数</translation>
    </message>
    <message>
        <source>Deliveries kept on screen; the store keeps every one</source>
        <translation>画面に残す配信の件数。ストアにはすべて残ります</translation>
    </message>
    <message>
        <source>A new address or port restarts the callback server.</source>
        <translation>アドレスやポートを変えると、コールバックサーバーを再起動します。</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>starting engines…</source>
        <translation>起動しています…</translation>
    </message>
    <message>
        <source>found via /.well-known/resourcesync</source>
        <translation>/.well-known/resourcesync で見つけました</translation>
    </message>
    <message>
        <source>found via an HTTP Link header (rel=resourcesync)</source>
        <translation>HTTP の Link ヘッダー（rel=resourcesync）で見つけました</translation>
    </message>
    <message>
        <source>found via an HTML &lt;link rel=&quot;resourcesync&quot;&gt;</source>
        <translation>HTML の &lt;link rel=&quot;resourcesync&quot;&gt; で見つけました</translation>
    </message>
    <message>
        <source>found via robots.txt Sitemap lines</source>
        <translation>robots.txt の Sitemap 行で見つけました</translation>
    </message>
    <message>
        <source>the address is a ResourceSync document</source>
        <translation>このアドレスは ResourceSync のドキュメントです</translation>
    </message>
    <message>
        <source>the address</source>
        <translation>アドレス</translation>
    </message>
    <message>
        <source>Link header</source>
        <translation>Link ヘッダー</translation>
    </message>
    <message>
        <source>HTML link</source>
        <translation>HTML の link 要素</translation>
    </message>
    <message>
        <source>/.well-known/resourcesync</source>
        <translatorcomment>technical</translatorcomment>
        <translation>/.well-known/resourcesync</translation>
    </message>
    <message>
        <source>robots.txt</source>
        <translatorcomment>technical</translatorcomment>
        <translation>robots.txt</translation>
    </message>
    <message>
        <source>Subscriptions</source>
        <translation>サブスクリプション</translation>
    </message>
    <message>
        <source>Live feed</source>
        <translation>ライブフィード</translation>
    </message>
    <message>
        <source>HTTP inspector</source>
        <translation>HTTP インスペクター</translation>
    </message>
    <message>
        <source>Hub workbench</source>
        <translation>ハブワークベンチ</translation>
    </message>
    <message>
        <source>found via {route}</source>
        <translation>{route} で見つけました</translation>
    </message>
    <message>
        <source>Discovery routes tried:</source>
        <translation>試した検出経路:</translation>
    </message>
    <message>
        <source>no Source Description found</source>
        <translation>ソースの記述が見つかりません</translation>
    </message>
    <message>
        <source>{url} could not be read ({error}); showing instead the Source Description that was {route}.</source>
        <translation>{url} を読めませんでした（{error}）。代わりにソースの記述を表示しています（{route}）。</translation>
    </message>
    <message>
        <source>ResourceSync Explorer</source>
        <translatorcomment>technical</translatorcomment>
        <translation>ResourceSync Explorer</translation>
    </message>
    <message>
        <source>&amp;Demo</source>
        <translation>デモ(&amp;D)</translation>
    </message>
    <message>
        <source>Faults</source>
        <translation>障害</translation>
    </message>
    <message>
        <source>Switch every fault off</source>
        <translation>すべての障害をオフにする</translation>
    </message>
    <message>
        <source>demo fault {name} on</source>
        <translation>デモの障害 {name} をオンにしました</translation>
    </message>
    <message>
        <source>demo fault {name} off</source>
        <translation>デモの障害 {name} をオフにしました</translation>
    </message>
    <message>
        <source>layout reset</source>
        <translation>レイアウトを元に戻しました</translation>
    </message>
    <message>
        <source>General</source>
        <translation>一般</translation>
    </message>
    <message>
        <source>Live</source>
        <translation>ライブ</translation>
    </message>
    <message>
        <source>Appearance</source>
        <translation>外観</translation>
    </message>
    <message>
        <source>settings saved</source>
        <translation>設定を保存しました</translation>
    </message>
    <message>
        <source>copied {url}</source>
        <translation>{url} をコピーしました</translation>
    </message>
</context>
<context>
    <name>MainWindowWidgets</name>
    <message>
        <source>Go to address</source>
        <translation>アドレスへ移動</translation>
    </message>
    <message>
        <source>Type a Source URL</source>
        <translation>ソースの URL を入力します</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>戻る</translation>
    </message>
    <message>
        <source>Back to the previous document or Source</source>
        <translation>前のドキュメントまたはソースに戻ります</translation>
    </message>
    <message>
        <source>Forward</source>
        <translation>進む</translation>
    </message>
    <message>
        <source>Forward again</source>
        <translation>もう一度進みます</translation>
    </message>
    <message>
        <source>Refresh document</source>
        <translation>ドキュメントを更新</translation>
    </message>
    <message>
        <source>Fetch the open document again, keeping your place in the tree</source>
        <translation>ツリーの位置はそのままで、開いているドキュメントを再取得します</translation>
    </message>
    <message>
        <source>Re-discover Source</source>
        <translation>ソースを再検出</translation>
    </message>
    <message>
        <source>Discover and load the whole Source again</source>
        <translation>ソース全体を検出し直して読み込みます</translation>
    </message>
    <message>
        <source>Settings…</source>
        <translation>設定…</translation>
    </message>
    <message>
        <source>Network, live side and appearance settings</source>
        <translation>ネットワーク、ライブ、外観の設定</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>終了</translation>
    </message>
    <message>
        <source>Filter entries</source>
        <translation>エントリを絞り込み</translation>
    </message>
    <message>
        <source>Filter the entries table</source>
        <translation>エントリの表を絞り込みます</translation>
    </message>
    <message>
        <source>Copy document URL</source>
        <translation>ドキュメントの URL をコピー</translation>
    </message>
    <message>
        <source>Copy the open document&apos;s URL</source>
        <translation>開いているドキュメントの URL をコピーします</translation>
    </message>
    <message>
        <source>Reset layout</source>
        <translation>レイアウトを元に戻す</translation>
    </message>
    <message>
        <source>Put every panel back where it started</source>
        <translation>すべてのパネルを最初の位置に戻します</translation>
    </message>
    <message>
        <source>Navigation</source>
        <translation>ナビゲーション</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>アドレス</translation>
    </message>
    <message>
        <source>Source URL: site root, document or resource (Ctrl+L)</source>
        <translation>ソースの URL: サイトのルート、ドキュメント、リソース（Ctrl+L）</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>開く</translation>
    </message>
    <message>
        <source>Open address</source>
        <translation>アドレスを開く</translation>
    </message>
    <message>
        <source>Discover and open the Source at this address (Return)</source>
        <translation>このアドレスのソースを検出して開きます（Enter）</translation>
    </message>
    <message>
        <source>Discovery outcome</source>
        <translation>検出の結果</translation>
    </message>
    <message>
        <source>Source tree</source>
        <translation>ソースツリー</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>ソース</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>ファイル(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>編集(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Go</source>
        <translation>移動(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>表示(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>ヘルプ(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About ResourceSync Explorer</source>
        <translation>ResourceSync Explorer について(&amp;A)</translation>
    </message>
</context>
<context>
    <name>MessageBar</name>
    <message>
        <source>Message</source>
        <translation>メッセージ</translation>
    </message>
    <message>
        <source>Dismiss message</source>
        <translation>メッセージを閉じる</translation>
    </message>
</context>
<context>
    <name>NetworkPage</name>
    <message>
        <source>TLS certificates are NOT verified: anyone on the network path can read and change what is fetched, and see the credentials sent</source>
        <translation>TLS 証明書を検証していません。ネットワークの経路上の誰でも、取得する内容を読んだり書き換えたり、送った認証情報を見たりできます</translation>
    </message>
    <message>
        <source>System and environment (HTTPS_PROXY…)</source>
        <translation>システムと環境変数（HTTPS_PROXY…）</translation>
    </message>
    <message>
        <source>Manual</source>
        <translation>手動</translation>
    </message>
    <message>
        <source>None (direct)</source>
        <translation>なし（直接接続）</translation>
    </message>
    <message>
        <source>Proxy</source>
        <translation>プロキシ</translation>
    </message>
    <message>
        <source>http://proxy.example.org:3128</source>
        <translatorcomment>technical</translatorcomment>
        <translation>http://proxy.example.org:3128</translation>
    </message>
    <message>
        <source>Proxy URL</source>
        <translation>プロキシの URL</translation>
    </message>
    <message>
        <source>PEM file with extra root certificates</source>
        <translation>追加のルート証明書を含む PEM ファイル</translation>
    </message>
    <message>
        <source>Extra CA bundle</source>
        <translation>追加の CA バンドル</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>選択…</translation>
    </message>
    <message>
        <source>Do not verify TLS certificates (insecure)</source>
        <translation>TLS 証明書を検証しない（安全ではありません）</translation>
    </message>
    <message>
        <source>Do not verify TLS certificates</source>
        <translation>TLS 証明書を検証しない</translation>
    </message>
    <message>
        <source>Certificates are checked against the system&apos;s trust store, plus the extra bundle. Applies to documents opened from now on; hub requests follow after the callback server restarts.</source>
        <translation>証明書はシステムのトラストストアと追加のバンドルで検証します。これから開くドキュメントに反映され、ハブへのリクエストにはコールバックサーバーの再起動後に反映されます。</translation>
    </message>
    <message>
        <source>Not applied: %1</source>
        <translation>反映していません: %1</translation>
    </message>
    <message>
        <source>Certificates (*.pem *.crt *.cer)</source>
        <translation>証明書 (*.pem *.crt *.cer)</translation>
    </message>
    <message>
        <source>All (*)</source>
        <translation>すべて (*)</translation>
    </message>
</context>
<context>
    <name>PlainLabel</name>
    <message>
        <source>({count} more characters)</source>
        <translation>（残り {count} 文字）</translation>
    </message>
</context>
<context>
    <name>ProblemsModel</name>
    <message>
        <source>severity</source>
        <translation>重大度</translation>
    </message>
    <message>
        <source>code</source>
        <translation>コード</translation>
    </message>
    <message>
        <source>line</source>
        <translation>行</translation>
    </message>
    <message>
        <source>message</source>
        <translation>メッセージ</translation>
    </message>
    <message>
        <source>spec</source>
        <translation>仕様</translation>
    </message>
    <message>
        <source>{count} times, first: {message}</source>
        <translation>{count} 件。最初: {message}</translation>
    </message>
</context>
<context>
    <name>ProblemsView</name>
    <message>
        <source>Problems</source>
        <translation>問題</translation>
    </message>
    <message>
        <source>Problem detail</source>
        <translation>問題の詳細</translation>
    </message>
    <message>
        <source>line {line}, column {column}</source>
        <translation>{line} 行目 {column} 列</translation>
    </message>
    <message>
        <source>line {line}</source>
        <translation>{line} 行目</translation>
    </message>
</context>
<context>
    <name>ProgressIndicator</name>
    <message>
        <source>Progress</source>
        <translation>進行状況</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>Cancel job</source>
        <translation>処理をキャンセル</translation>
    </message>
</context>
<context>
    <name>PushFormText</name>
    <message>
        <source>XMPP PubSub (2012 draft)</source>
        <translation>XMPP PubSub（2012 年草案）</translation>
    </message>
    <message>
        <source>HTTP callback (2012 draft)</source>
        <translation>HTTP コールバック（2012 年草案）</translation>
    </message>
    <message>
        <source>none: the 2012 draft has no lease</source>
        <translation>なし: 2012 年草案にはリース期間がありません</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>設定</translation>
    </message>
    <message>
        <source>Settings pages</source>
        <translation>設定のページ</translation>
    </message>
</context>
<context>
    <name>SideBySideDiffView</name>
    <message>
        <source>Old version</source>
        <translation>旧版</translation>
    </message>
    <message>
        <source>New version</source>
        <translation>新版</translation>
    </message>
</context>
<context>
    <name>SourceController</name>
    <message>
        <source>waiting: {state}</source>
        <translation>待機中: {state}</translation>
    </message>
    <message>
        <source>discovering…</source>
        <translation>検出中…</translation>
    </message>
    <message>
        <source>Opening {url}</source>
        <translation>{url} を開いています</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>キャンセルしました</translation>
    </message>
    <message>
        <source>No ResourceSync document found from {url}.</source>
        <translation>{url} から ResourceSync のドキュメントが見つかりません。</translation>
    </message>
    <message>
        <source> The Source already open stays open.</source>
        <translation>開いているソースはそのままです。</translation>
    </message>
    <message>
        <source>{url} is not a ResourceSync document: {reason}.</source>
        <translation>{url} は ResourceSync のドキュメントではありません（{reason}）。</translation>
    </message>
    <message>
        <source>{url} is not a ResourceSync document.</source>
        <translation>{url} は ResourceSync のドキュメントではありません。</translation>
    </message>
    <message>
        <source> Its text is in the XML source tab; click the problem to go to its line.</source>
        <translation>テキストは「XML ソース」タブにあります。問題をクリックすると該当する行に移動します。</translation>
    </message>
    <message>
        <source>Refreshing {url}</source>
        <translation>{url} を更新中</translation>
    </message>
    <message>
        <source>refreshed {url}</source>
        <translation>{url} を更新しました</translation>
    </message>
    <message>
        <source>Open in browser</source>
        <translation>ブラウザーで開く</translation>
    </message>
    <message>
        <source>Copy URL</source>
        <translation>URL をコピー</translation>
    </message>
    <message>
        <source>Subscribe</source>
        <translation>サブスクライブ</translation>
    </message>
    <message>
        <source>Refresh this document</source>
        <translation>このドキュメントを更新</translation>
    </message>
    <message>
        <source>Show all entries of this index</source>
        <translation>このインデックスのエントリをすべて表示</translation>
    </message>
    <message>
        <source>Check resources</source>
        <translation>リソースをチェック</translation>
    </message>
    <message>
        <source>Check dump</source>
        <translation>ダンプをチェック</translation>
    </message>
    <message>
        <source>copied {url}</source>
        <translation>{url} をコピーしました</translation>
    </message>
    <message>
        <source>Loading the components of {url}</source>
        <translation>{url} の構成ドキュメントを読み込み中</translation>
    </message>
    <message>
        <source>{entries} from {documents}</source>
        <translation>{documents}から {entries}</translation>
    </message>
    <message>
        <source>subscription to {topic} requested</source>
        <translation>{topic} へのサブスクライブを要求しました</translation>
    </message>
    <message>
        <source>Load {url} before checking it.</source>
        <translation>チェックする前に {url} を読み込んでください。</translation>
    </message>
    <message>
        <source>Checking the dump of {url}</source>
        <translation>{url} のダンプをチェック中</translation>
    </message>
    <message>
        <source>Checking the resources of {url}</source>
        <translation>{url} のリソースをチェック中</translation>
    </message>
    <message>
        <source>dump check of {url}: {findings}</source>
        <translation>{url} のダンプのチェック: {findings}</translation>
    </message>
    <message>
        <source>resources check of {url}: {findings}</source>
        <translation>{url} のリソースのチェック: {findings}</translation>
    </message>
</context>
<context>
    <name>SourceTreeModel</name>
    <message>
        <source>  (loading…)</source>
        <translation>（読み込み中…）</translation>
    </message>
    <message>
        <source>  (failed)</source>
        <translation>（失敗）</translation>
    </message>
    <message>
        <source>  (skipped: limit)</source>
        <translation>（上限のため省略）</translation>
    </message>
    <message>
        <source>  (listed elsewhere)</source>
        <translation>（別の場所に記載）</translation>
    </message>
    <message>
        <source>XMPP PubSub channel (2012 draft)</source>
        <translation>XMPP PubSub チャンネル（2012 年草案）</translation>
    </message>
    <message>
        <source>HTTP callback channel (2012 draft)</source>
        <translation>HTTP コールバック チャンネル（2012 年草案）</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（なし）</translation>
    </message>
    <message>
        <source>{name} channel — hub {hub}</source>
        <translation>{name}チャンネル — ハブ {hub}</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>ソース</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>問題</translation>
    </message>
    <message>
        <source>hub: {hub}</source>
        <translation>ハブ: {hub}</translation>
    </message>
    <message>
        <source>HTTP {status} in {ms} ms</source>
        <translation>HTTP {status}（{ms} ms）</translation>
    </message>
</context>
<context>
    <name>StoreProblemDialog</name>
    <message>
        <source>The store cannot be opened</source>
        <translation>ストアを開けません</translation>
    </message>
    <message>
        <source>Another explorer window or a listen command is using the store.</source>
        <translation>別の ResourceSync Explorer のウィンドウか listen コマンドがストアを使っています。</translation>
    </message>
    <message>
        <source>Only one of them can write to it at a time. Open it read-only to see the stored subscriptions and notifications (no new subscriptions, no callback server), or quit and close the other one first.</source>
        <translation>ストアに書き込めるのは一度に 1 つだけです。読み取り専用で開いて保存済みのサブスクリプションと通知を見るか（新しいサブスクリプションとコールバックサーバーは使えません）、終了して先にもう一方を閉じてください。</translation>
    </message>
    <message>
        <source>The store is damaged.</source>
        <translation>ストアが壊れています。</translation>
    </message>
    <message>
        <source>SQLite&apos;s integrity check found problems in it. Open it read-only to see what can still be read, or quit and move the file aside: a new, empty store is made in its place at the next start.</source>
        <translation>SQLite の整合性チェックで問題が見つかりました。読み取り専用で開いて読める内容を確認するか、終了してファイルを別の場所に移してください。次回の起動時に新しい空のストアを作ります。</translation>
    </message>
    <message>
        <source>The store cannot be used.</source>
        <translation>ストアを使えません。</translation>
    </message>
    <message>
        <source>Quit, then move the file aside or start with --store PATH.</source>
        <translation>終了してからファイルを別の場所に移すか、--store PATH を付けて起動してください。</translation>
    </message>
    <message>
        <source>Open read-only</source>
        <translation>読み取り専用で開く</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>終了</translation>
    </message>
</context>
<context>
    <name>SubscriptionPanel</name>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>開始</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>停止中</translation>
    </message>
    <message>
        <source>callback server: {note}</source>
        <translation>コールバックサーバー: {note}</translation>
    </message>
    <message>
        <source>not listening: the store is open read-only</source>
        <translation>待ち受けていません: ストアは読み取り専用で開かれています</translation>
    </message>
    <message>
        <source>The store is open read-only: another explorer uses it, or it is damaged</source>
        <translation>ストアは読み取り専用で開かれています。別の ResourceSync Explorer が使っているか、壊れています</translation>
    </message>
    <message>
        <source>lease {seconds} s</source>
        <translation>リース期間 {seconds} 秒</translation>
    </message>
    <message>
        <source>secret of {topic} copied to the clipboard</source>
        <translation>{topic} のシークレットをクリップボードにコピーしました</translation>
    </message>
    <message>
        <source>testing {url} …</source>
        <translation>{url} をテスト中…</translation>
    </message>
    <message>
        <source>public URL test finished: {report}</source>
        <translation>公開 URL のテストが終わりました: {report}</translation>
    </message>
</context>
<context>
    <name>SubscriptionPanelWidgets</name>
    <message>
        <source>Callback bind address</source>
        <translation>コールバックのバインドアドレス</translation>
    </message>
    <message>
        <source>any free port</source>
        <translation>空いている任意のポート</translation>
    </message>
    <message>
        <source>Callback port</source>
        <translation>コールバックのポート</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Start or stop the callback server</source>
        <translation>コールバックサーバーを開始または停止します</translation>
    </message>
    <message>
        <source>https://….ngrok.app (optional tunnel)</source>
        <translation>https://….ngrok.app（トンネル、任意）</translation>
    </message>
    <message>
        <source>Public URL</source>
        <translation>公開 URL</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>適用</translation>
    </message>
    <message>
        <source>Use this public URL</source>
        <translation>この公開 URL を使う</translation>
    </message>
    <message>
        <source>Restart the callback server with this public URL</source>
        <translation>この公開 URL でコールバックサーバーを再起動します</translation>
    </message>
    <message>
        <source>Test</source>
        <translation>テスト</translation>
    </message>
    <message>
        <source>Test the public URL</source>
        <translation>公開 URL をテスト</translation>
    </message>
    <message>
        <source>Request a probe through the public URL to see it arrive</source>
        <translation>公開 URL 経由でプローブを送り、届くかを確かめます</translation>
    </message>
    <message>
        <source>Callback server</source>
        <translation>コールバックサーバー</translation>
    </message>
    <message>
        <source>Bind</source>
        <translation>バインド</translation>
    </message>
    <message>
        <source>Reachable at</source>
        <translation>到達先</translation>
    </message>
    <message>
        <source>topic URL (or pick a channel in the Source tree)</source>
        <translation>トピック URI</translation>
    </message>
    <message>
        <source>Topic</source>
        <translation>トピック</translation>
    </message>
    <message>
        <source>hub URL (empty: discover from the topic)</source>
        <translation>ハブ URI（空欄ならトピックから検出）</translation>
    </message>
    <message>
        <source>Hub</source>
        <translation>ハブ</translation>
    </message>
    <message>
        <source>Subscribe</source>
        <translation>サブスクライブ</translation>
    </message>
    <message>
        <source>Subscriptions</source>
        <translation>サブスクリプション</translation>
    </message>
    <message>
        <source>Renew</source>
        <translation>リース更新</translation>
    </message>
    <message>
        <source>Unsubscribe</source>
        <translation>サブスクライブ解除</translation>
    </message>
    <message>
        <source>Copy secret</source>
        <translation>シークレットをコピー</translation>
    </message>
    <message>
        <source>Ask the hub to renew the selected subscription&apos;s lease now</source>
        <translation>選択したサブスクリプションのリース期間を今すぐ更新するようハブに求めます</translation>
    </message>
    <message>
        <source>Ask the hub to end the selected subscription</source>
        <translation>選択したサブスクリプションを終えるようハブに求めます</translation>
    </message>
    <message>
        <source>Copy the selected subscription&apos;s hub.secret to the clipboard</source>
        <translation>選択したサブスクリプションの hub.secret をクリップボードにコピーします</translation>
    </message>
    <message>
        <source>Subscription events and hub answers</source>
        <translation>サブスクリプションのイベントとハブの応答</translation>
    </message>
    <message>
        <source>Subscription events and hub answers (verbatim)</source>
        <translation>サブスクリプションのイベントとハブの応答（そのまま表示）</translation>
    </message>
</context>
<context>
    <name>SubscriptionsModel</name>
    <message>
        <source>state</source>
        <translation>状態</translation>
    </message>
    <message>
        <source>topic</source>
        <translation>トピック</translation>
    </message>
    <message>
        <source>hub</source>
        <translation>ハブ</translation>
    </message>
    <message>
        <source>lease</source>
        <translation>リース期間</translation>
    </message>
    <message>
        <source>flavour</source>
        <translation>種別</translation>
    </message>
    <message>
        <source>secret</source>
        <translation>シークレット</translation>
    </message>
    <message>
        <source>reason</source>
        <translation>理由</translation>
    </message>
    <message>
        <source>requested</source>
        <translation>要求済み</translation>
    </message>
    <message>
        <source>pending</source>
        <translation>確認待ち</translation>
    </message>
    <message>
        <source>active</source>
        <translation>有効</translation>
    </message>
    <message>
        <source>renewing</source>
        <translation>更新中</translation>
    </message>
    <message>
        <source>unsubscribing</source>
        <translation>解除中</translation>
    </message>
    <message>
        <source>ended</source>
        <translation>終了</translation>
    </message>
    <message>
        <source>denied</source>
        <translation>拒否</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失敗</translation>
    </message>
    <message>
        <source>not served</source>
        <translation>受信不可</translation>
    </message>
    <message>
        <source>stale callback</source>
        <translation>古いコールバック</translation>
    </message>
    <message>
        <source>lease expired</source>
        <translation>リース期間切れ</translation>
    </message>
    <message>
        <source>renewal failing</source>
        <translation>更新に失敗中</translation>
    </message>
    <message>
        <source>no lease given</source>
        <translation>リース期間の指定なし</translation>
    </message>
    <message>
        <source>expired</source>
        <translation>期限切れ</translation>
    </message>
    <message>
        <source>{duration} left</source>
        <translation>残り {duration}</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（なし）</translation>
    </message>
    <message>
        <source>masked; use Copy secret</source>
        <translation>伏せています。「シークレットをコピー」を使ってください</translation>
    </message>
    <message>
        <source>callback: {url}</source>
        <translation>コールバック: {url}</translation>
    </message>
</context>
<context>
    <name>XmlSourceView</name>
    <message>
        <source>XML source</source>
        <translation>XML ソース</translation>
    </message>
</context>
<context>
    <name>XmppAccountPanel</name>
    <message>
        <source>empty: the kept password</source>
        <translation>空欄: 保持しているパスワードを使います</translation>
    </message>
    <message>
        <source>The account must be user@domain.</source>
        <translation>アカウントは user@domain の形で入力してください。</translation>
    </message>
    <message>
        <source>Give the account&apos;s password.</source>
        <translation>アカウントのパスワードを入力してください。</translation>
    </message>
    <message>
        <source>The server must be host:port, or empty.</source>
        <translation>サーバーは host:port の形にするか、空欄にしてください。</translation>
    </message>
    <message>
        <source>{jid}: {error}; the password is kept for this session only.</source>
        <translation>{jid}: {error}。パスワードはこのセッションの間だけ保持します。</translation>
    </message>
</context>
<context>
    <name>XmppAccountWidgets</name>
    <message>
        <source>XMPP account</source>
        <translation>XMPP アカウント</translation>
    </message>
    <message>
        <source>Subscribe to the XMPP PubSub channel {node} (2012 draft) with your own XMPP account. Its Change Sets arrive over XMPP; there is no lease.</source>
        <translation>XMPP PubSub チャンネル {node}（2012 年草案）にご自身の XMPP アカウントでサブスクライブします。変更リスト（2012 年草案の Change Set）は XMPP で届きます。リース期間はありません。</translation>
    </message>
    <message>
        <source>Account (JID)</source>
        <translation>アカウント（JID）</translation>
    </message>
    <message>
        <source>user@example.org</source>
        <translation>例: user@example.org</translation>
    </message>
    <message>
        <source>Password</source>
        <translation>パスワード</translation>
    </message>
    <message>
        <source>Server (optional)</source>
        <translation>サーバー（任意）</translation>
    </message>
    <message>
        <source>host:port; empty: the JID&apos;s domain, by DNS</source>
        <translation>host:port。空欄なら JID のドメインを DNS で引きます</translation>
    </message>
    <message>
        <source>Remember the password</source>
        <translation>パスワードを保存する</translation>
    </message>
    <message>
        <source>A remembered password goes to the system keyring ({keyring}); it is never shown, logged or exported.</source>
        <translation>保存したパスワードはシステムのキーリング（{keyring}）に入ります。表示、ログへの記録、エクスポートは一切しません。</translation>
    </message>
    <message>
        <source>No system keyring is available: the password is kept for this session only, and asked for again after a restart.</source>
        <translation>システムのキーリングを利用できません。パスワードはこのセッションの間だけ保持され、再起動後にもう一度入力を求めます。</translation>
    </message>
    <message>
        <source>Subscribe</source>
        <translation>サブスクライブ</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>サーバー</translation>
    </message>
</context>
</TS>
