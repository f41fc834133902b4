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
    <name>AddressText</name>
    <message>
        <source>nothing listens on {host}:{port}</source>
        <translation>{host}:{port} で待ち受けているものがありません</translation>
    </message>
    <message>
        <source>unknown host {host}: check the spelling</source>
        <translation>ホスト {host} が見つかりません: 綴りを確認してください</translation>
    </message>
    <message>
        <source>{host}:{port} did not answer in time</source>
        <translation>{host}:{port} から時間内に応答がありませんでした</translation>
    </message>
    <message>
        <source>no scheme given: opened {url} (http for a loopback or private host)</source>
        <translation>スキームの指定がないため {url} を開きました（ループバックまたはプライベートのホストには http）</translation>
    </message>
    <message>
        <source>no scheme given: opened {url}</source>
        <translation>スキームの指定がないため {url} を開きました</translation>
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
    <name>AuditModel</name>
    <message>
        <source>to create</source>
        <translation>作成が必要</translation>
    </message>
    <message>
        <source>to update</source>
        <translation>更新が必要</translation>
    </message>
    <message>
        <source>to delete</source>
        <translation>削除が必要</translation>
    </message>
    <message>
        <source>same</source>
        <translation>同一</translation>
    </message>
    <message>
        <source>status</source>
        <translation>状態</translation>
    </message>
    <message>
        <source>loc</source>
        <translatorcomment>technical</translatorcomment>
        <translation>loc</translation>
    </message>
    <message>
        <source>local path</source>
        <translation>ローカルのパス</translation>
    </message>
    <message>
        <source>reason</source>
        <translation>理由</translation>
    </message>
    <message>
        <source>spec</source>
        <translation>仕様</translation>
    </message>
</context>
<context>
    <name>AuditPanel</name>
    <message>
        <source>Audit a local copy — {url}</source>
        <translation>ローカルコピーの監査 — {url}</translation>
    </message>
    <message>
        <source>cannot audit: {reason}</source>
        <translation>監査できません: {reason}</translation>
    </message>
    <message>
        <source>reading the Source and the local folder…</source>
        <translation>ソースとローカルフォルダーを読んでいます…</translation>
    </message>
    <message>
        <source>reading the Source: {count} requests…</source>
        <translation>ソースを読んでいます: {count} リクエスト…</translation>
    </message>
    <message>
        <source>in sync</source>
        <translation>同期しています</translation>
    </message>
    <message>
        <source>not in sync</source>
        <translation>同期していません</translation>
    </message>
    <message>
        <source>{verdict}: {same} same, {create} to create, {update} to update, {delete} to delete</source>
        <translation>{verdict}: 同一 {same}、作成が必要 {create}、更新が必要 {update}、削除が必要 {delete}</translation>
    </message>
    <message>
        <source>Source {source}: {resource_lists} Resource Lists, {change_lists} Change Lists</source>
        <translation>ソース {source}: リソースリスト {resource_lists} 件、変更リスト {change_lists} 件</translation>
    </message>
    <message>
        <source>the first {count} rows are shown; Export writes them all</source>
        <translation>最初の {count} 行を表示しています。エクスポートではすべて書き出します</translation>
    </message>
    <message>
        <source>The local copy</source>
        <translation>ローカルコピー</translation>
    </message>
    <message>
        <source>Export the audit</source>
        <translation>監査をエクスポート</translation>
    </message>
</context>
<context>
    <name>AuditWidgets</name>
    <message>
        <source>Browse…</source>
        <translation>参照…</translation>
    </message>
    <message>
        <source>Audit</source>
        <translation>監査</translation>
    </message>
    <message>
        <source>the folder holding the copy of the Source&apos;s host</source>
        <translation>ソースのホストのコピーを置いたフォルダー</translation>
    </message>
    <message>
        <source>optional, one a line: URL_PREFIX=FOLDER, e.g. https://example.org/data/=/srv/data</source>
        <translation>任意、1 行に 1 つ: URL_PREFIX=FOLDER（例: https://example.org/data/=/srv/data）</translation>
    </message>
    <message>
        <source>Compare checksums too (reads every file)</source>
        <translation>チェックサムも比べる（すべてのファイルを読みます）</translation>
    </message>
    <message>
        <source>Source:</source>
        <translation>ソース:</translation>
    </message>
    <message>
        <source>Local folder:</source>
        <translation>ローカルフォルダー:</translation>
    </message>
    <message>
        <source>URL prefix mappings:</source>
        <translation>URL プレフィックスの対応:</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>every difference</source>
        <translation>すべての相違</translation>
    </message>
    <message>
        <source>Filter by loc, path or reason</source>
        <translation>loc、パス、理由で絞り込み</translation>
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
        <translation>{origin}（詳細: {error}）。認証情報はこのセッションの間だけ保持します。</translation>
    </message>
    <message>
        <source>not read from the keyring</source>
        <translation>キーリングから読み込んでいません</translation>
    </message>
</context>
<context>
    <name>Browser</name>
    <message>
        <source>not opened: {url} is not an http or https URL; only web addresses are handed to the browser (use Copy URL to see it)</source>
        <translation>開きませんでした: {url} は http でも https でもない URL です。ブラウザーに渡すのはウェブのアドレスだけです（中身は「URL をコピー」で確かめてください）</translation>
    </message>
</context>
<context>
    <name>ComparisonModel</name>
    <message>
        <source>document</source>
        <translation>ドキュメント</translation>
    </message>
    <message>
        <source>entry</source>
        <translation>エントリ</translation>
    </message>
    <message>
        <source>finding</source>
        <translation>指摘</translation>
    </message>
    <message>
        <source>unannounced change</source>
        <translation>変更リストに記載のない変更</translation>
    </message>
    <message>
        <source>added</source>
        <translation>追加</translation>
    </message>
    <message>
        <source>removed</source>
        <translation>削除</translation>
    </message>
    <message>
        <source>changed</source>
        <translation>変更</translation>
    </message>
    <message>
        <source>new</source>
        <translation>新規</translation>
    </message>
    <message>
        <source>fixed</source>
        <translation>解消</translation>
    </message>
    <message>
        <source>not announced</source>
        <translation>記載なし</translation>
    </message>
    <message>
        <source>what</source>
        <translation>対象</translation>
    </message>
    <message>
        <source>change</source>
        <translation>違い</translation>
    </message>
    <message>
        <source>capability</source>
        <translation>機能</translation>
    </message>
    <message>
        <source>URL or loc</source>
        <translation>URL または loc</translation>
    </message>
    <message>
        <source>field or code</source>
        <translation>項目またはコード</translation>
    </message>
    <message>
        <source>A (earlier)</source>
        <translation>A（前）</translation>
    </message>
    <message>
        <source>B (later)</source>
        <translation>B（後）</translation>
    </message>
    <message>
        <source>spec</source>
        <translation>仕様</translation>
    </message>
</context>
<context>
    <name>ConsumersModel</name>
    <message>
        <source>yes</source>
        <translation>読みます</translation>
    </message>
    <message>
        <source>refuses</source>
        <translation>読みません</translation>
    </message>
    <message>
        <source>valid</source>
        <translation>妥当</translation>
    </message>
    <message>
        <source>invalid</source>
        <translation>妥当ではありません</translation>
    </message>
    <message>
        <source>… {count} more</source>
        <translation>…ほか {count} 件</translation>
    </message>
    <message>
        <source>consumer</source>
        <translation>読み手</translation>
    </message>
    <message>
        <source>reads</source>
        <translation>読むか</translation>
    </message>
    <message>
        <source>URLs</source>
        <translation>URL 数</translation>
    </message>
    <message>
        <source>dropped</source>
        <translation>読み落とし</translation>
    </message>
    <message>
        <source>problems</source>
        <translation>問題</translation>
    </message>
</context>
<context>
    <name>ConsumersView</name>
    <message>
        <source>Consumers status</source>
        <translation>読み手の状態</translation>
    </message>
    <message>
        <source>Consumers</source>
        <translation>読み手</translation>
    </message>
    <message>
        <source>Select a document to see what its readers take.</source>
        <translation>ドキュメントを選ぶと、読み手がそこから何を読むかを表示します。</translation>
    </message>
    <message>
        <source>Reading the document as each consumer would…</source>
        <translation>各読み手と同じようにドキュメントを読んでいます…</translation>
    </message>
    <message>
        <source>What each program that reads this document takes from it.</source>
        <translation>このドキュメントを読む各プログラムが、そこから読むものです。</translation>
    </message>
</context>
<context>
    <name>Counts</name>
    <message numerus="yes">
        <source>%Ln error(s)</source>
        <translation>
            <numerusform>エラー %Ln 件</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln warning(s)</source>
        <translation>
            <numerusform>警告 %Ln 件</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln note(s)</source>
        <translation>
            <numerusform>情報 %Ln 件</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln entry(s)</source>
        <translation>
            <numerusform>エントリ %Ln 件</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln entry(s)</source>
        <comment>a document&apos;s size</comment>
        <translation>
            <numerusform>エントリ %Ln 件</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln document(s)</source>
        <translation>
            <numerusform>ドキュメント %Ln 件</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln finding(s)</source>
        <translation>
            <numerusform>指摘 %Ln 件</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln notification(s)</source>
        <translation>
            <numerusform>通知 %Ln 件</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln exchange(s)</source>
        <translation>
            <numerusform>やり取り %Ln 件</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln origin(s)</source>
        <translation>
            <numerusform>オリジン %Ln 件</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln more link(s)</source>
        <translation>
            <numerusform>ほかのリンク %Ln 件</numerusform>
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
    <name>CredentialVault</name>
    <message>
        <source>the keyring holds something that is not a credential</source>
        <translation>キーリングに認証情報ではないものが保存されています</translation>
    </message>
    <message>
        <source>no system keyring is available</source>
        <translation>システムのキーリングを使えません</translation>
    </message>
    <message>
        <source>the keyring refused to store it ({error})</source>
        <translation>キーリングが保存を拒否しました（詳細: {error}）</translation>
    </message>
    <message>
        <source>the keyring could not be read ({error})</source>
        <translation>キーリングを読めませんでした（詳細: {error}）</translation>
    </message>
    <message>
        <source>the keyring could not remove it ({error})</source>
        <translation>キーリングから削除できませんでした（詳細: {error}）</translation>
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
        <source>bearer</source>
        <translation>トークン（Bearer）</translation>
    </message>
    <message>
        <source>basic</source>
        <translation>ユーザーとパスワード（Basic）</translation>
    </message>
    <message>
        <source>headers</source>
        <translation>ヘッダー</translation>
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
        <source>{where} {only}</source>
        <translation>{where}{only}</translation>
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
        <translation>ハブはサブスクリプションの検証（意思確認）もパブリッシュの受け付けもしますが、ソースが変わり続けても一切配信しません（プッシュが黙って止まる状態です。変更リストを読んで確かめてください）</translation>
    </message>
    <message>
        <source>hub drops every fifth delivery to each subscriber without a word (the Change Lists still list every change)</source>
        <translation>ハブが各サブスクライバーへの配信を 5 回に 1 回、何も言わずに落とします（変更リストにはすべての変更が載り続けます）</translation>
    </message>
    <message>
        <source>hub makes one delivery attempt and never retries a failed one (WebSub §7)</source>
        <translation>ハブは配信を一回だけ試み、失敗しても再試行しません（WebSub §7）</translation>
    </message>
    <message>
        <source>hub ends a subscription once a delivery failed past its retries, before the lease runs out (WebSub §7)</source>
        <translation>再試行しても配信が失敗すると、ハブはリース期間の終了前にサブスクリプションを終わらせます（WebSub §7）</translation>
    </message>
    <message>
        <source>hub takes a 410 Gone from a callback for a failure and keeps the subscription (WebSub §7)</source>
        <translation>ハブはコールバックの 410 Gone を失敗として扱い、サブスクリプションを残します（WebSub §7）</translation>
    </message>
    <message>
        <source>hub keeps delivering after a lease ran out unrenewed (WebSub §5.3)</source>
        <translation>ハブはリース期間が更新されずに終わった後も配信し続けます（WebSub §5.3）</translation>
    </message>
    <message>
        <source>hub silently forgets each subscription after its third delivery, lease or not (WebSub §7)</source>
        <translation>ハブは、リース期間に関わらず、三回目の配信の後に各サブスクリプションを黙って忘れます（WebSub §7）</translation>
    </message>
    <message>
        <source>hub keeps subscriptions in memory only, so a restart (POST /demo/hub/restart) loses them all (WebSub §7)</source>
        <translation>ハブはサブスクリプションをメモリーにだけ持つため、再起動（POST /demo/hub/restart）ですべて失います（WebSub §7）</translation>
    </message>
    <message>
        <source>framework notifications and component lists lack the rel=index link (framework-notification 1.0.1 §3, core 1.1 §6.2)</source>
        <translation>フレームワーク通知と構成リストに rel=index のリンクがありません（framework-notification 1.0.1 §3、core 1.1 §6.2）</translation>
    </message>
</context>
<context>
    <name>DiffWindow</name>
    <message>
        <source>Document diff — {title}</source>
        <translation>ドキュメントの差分 — {title}</translation>
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
        <source>{kind} ({root}), {entries}</source>
        <translation>{kind}（{root}）、{entries}</translation>
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
        <source>Consumers read a document that could be parsed.</source>
        <translation>読み手が読むのは解析できたドキュメントです。</translation>
    </message>
    <message>
        <source>notification</source>
        <translation>通知</translation>
    </message>
    <message>
        <source>A notification channel has no document to read.</source>
        <translation>通知チャンネルには読むドキュメントがありません。</translation>
    </message>
    <message>
        <source>The document&apos;s bytes are no longer kept.</source>
        <translation>このドキュメントのバイト列はもう保持されていません。</translation>
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
        <translation>{capability}チャンネル · ハブ: {hub}</translation>
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
        <source>Consumers</source>
        <translation>読み手</translation>
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
    <name>EvidencePane</name>
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
    <name>ExchangeExport</name>
    <message>
        <source>no exchanges to export</source>
        <translation>エクスポートするやり取りがありません</translation>
    </message>
    <message>
        <source>Export exchanges</source>
        <translation>やり取りをエクスポート</translation>
    </message>
    <message>
        <source>export failed: {error}</source>
        <translation>エクスポートに失敗しました（詳細: {error}）</translation>
    </message>
    <message>
        <source>exported {count} to {path}, secrets masked</source>
        <translation>{count}を {path} にエクスポートしました（シークレットは伏せ字）</translation>
    </message>
</context>
<context>
    <name>ExchangeModel</name>
    <message>
        <source>→ out</source>
        <translation>→ 送信</translation>
    </message>
    <message>
        <source>← in</source>
        <translation>← 受信</translation>
    </message>
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
        <translation>ポート {port} は使えません（詳細: {reason}）</translation>
    </message>
    <message>
        <source>{url}: no answer ({error})</source>
        <translation>{url}: 応答がありません（詳細: {error}）</translation>
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
        <translation>差分を取れません（詳細: {error}）</translation>
    </message>
    <message>
        <source>the demo could not have its port again and runs at {new}: {count} subscription(s) subscribed again there</source>
        <translation>デモは前と同じポートを使えなかったため {new} で動いています: {count} 件のサブスクリプションをそちらでサブスクライブし直しました</translation>
    </message>
</context>
<context>
    <name>FeedForwarding</name>
    <message>
        <source>Forwarded</source>
        <translation>転送</translation>
    </message>
    <message>
        <source>Forward again</source>
        <translation>もう一度転送</translation>
    </message>
    <message>
        <source>{count} of the chosen deliveries belong to subscriptions not forwarded: use Forward to… on their subscription first</source>
        <translation>選んだ配信のうち {count} 件は転送していないサブスクリプションのものです。先にそのサブスクリプションで「転送先…」を使ってください</translation>
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
        <translation>作成
（created）</translation>
    </message>
    <message>
        <source>updated</source>
        <translation>更新
（updated）</translation>
    </message>
    <message>
        <source>deleted</source>
        <translation>削除
（deleted）</translation>
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
        <source>watchdog</source>
        <translation>監視</translation>
    </message>
</context>
<context>
    <name>FeedPanel</name>
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
        <translation>差分なし（詳細: {reason}）</translation>
    </message>
    <message>
        <source>{count} added</source>
        <translation>追加 {count} 件</translation>
    </message>
    <message>
        <source>{count} removed</source>
        <translation>削除 {count} 件</translation>
    </message>
    <message>
        <source>{count} changed</source>
        <translation>変更 {count} 件</translation>
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
        <source>Watchdog: {verdict}.</source>
        <translation>監視の結果: {verdict}。</translation>
    </message>
    <message numerus="yes">
        <source>paused: %n new row(s) ↓</source>
        <translation>
            <numerusform>一時停止中: 新しい行 %n 件 ↓</numerusform>
        </translation>
    </message>
    <message>
        <source>paused</source>
        <translation>一時停止中</translation>
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
        <translation>{url}: 差分なし（詳細: {reason}）</translation>
    </message>
    <message>
        <source>export failed: {error}</source>
        <translation>エクスポートに失敗しました（詳細: {error}）</translation>
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
        <translation>フィードをクリアしましたが、ストアからの削除に失敗しました（詳細: {error}）</translation>
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
        <source>Open in a window</source>
        <translation>別ウィンドウで開く</translation>
    </message>
    <message>
        <source>Show this diff in a window of its own, most of the screen high</source>
        <translation>この差分を、画面の高さの大半を使う別ウィンドウで表示します</translation>
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
        <source>Auto-scroll is paused while a row is selected or the pointer is over the table</source>
        <translation>行を選んでいる間と、ポインターが表の上にある間は自動スクロールを止めます</translation>
    </message>
    <message>
        <source>Warnings ({count})</source>
        <translation>警告（{count}）</translation>
    </message>
</context>
<context>
    <name>FilterBar</name>
    <message>
        <source>Export…</source>
        <translation>エクスポート…</translation>
    </message>
    <message>
        <source>{shown} of {total}</source>
        <translation>{total} 行中 {shown} 行</translation>
    </message>
</context>
<context>
    <name>FleetActions</name>
    <message>
        <source>Fleet…</source>
        <translation>フリート…</translation>
    </message>
    <message>
        <source>The health of the Sources a fleet watches (Settings ▸ Fleet)</source>
        <translation>フリートが監視するソースの状態（設定 ▸ フリート）</translation>
    </message>
</context>
<context>
    <name>FleetModel</name>
    <message>
        <source>Source</source>
        <translation>ソース</translation>
    </message>
    <message>
        <source>state</source>
        <translation>状態</translation>
    </message>
    <message>
        <source>last run</source>
        <translation>前回の実行</translation>
    </message>
    <message>
        <source>next run</source>
        <translation>次回の実行</translation>
    </message>
    <message>
        <source>errors</source>
        <translation>エラー</translation>
    </message>
    <message>
        <source>warnings</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>unannounced changes</source>
        <translation>変更リストに記載のない変更</translation>
    </message>
    <message>
        <source>audit</source>
        <translation>監査</translation>
    </message>
    <message>
        <source>error</source>
        <translation>エラー</translation>
    </message>
</context>
<context>
    <name>FleetPage</name>
    <message>
        <source>e.g. postgresql://explorer@db.example.org/fleet</source>
        <translation>例: postgresql://explorer@db.example.org/fleet</translation>
    </message>
    <message>
        <source>Fleet database</source>
        <translation>フリートのデータベース</translation>
    </message>
    <message>
        <source>The PostgreSQL database the fleet command keeps its Sources in</source>
        <translation>fleet コマンドがソースを保存する PostgreSQL データベース</translation>
    </message>
    <message>
        <source>This address holds a password: it will be kept without it. Put the password in libpq&apos;s password file (~/.pgpass, readable by you alone).</source>
        <translation>このアドレスにはパスワードが含まれています。パスワードを除いて保存します。パスワードは libpq のパスワードファイル（~/.pgpass、本人だけが読めるもの）に書いてください。</translation>
    </message>
    <message>
        <source>Empty: no fleet. The window only reads the fleet (Tools ▸ Fleet…). The address is kept without a password; libpq reads the password from ~/.pgpass (or the file PGPASSFILE names).</source>
        <translation>空欄: フリートなし。ウィンドウはフリートを読むだけです（ツール ▸ フリート…）。アドレスはパスワードなしで保存し、libpq がパスワードを ~/.pgpass（または PGPASSFILE が指すファイル）から読みます。</translation>
    </message>
</context>
<context>
    <name>FleetPanel</name>
    <message>
        <source>Fleet</source>
        <translation>フリート</translation>
    </message>
    <message>
        <source>No fleet database set</source>
        <translation>フリートのデータベースが設定されていません</translation>
    </message>
    <message>
        <source>No fleet database is set: enter one in Settings ▸ Fleet.</source>
        <translation>フリートのデータベースが設定されていません。設定 ▸ フリートで入力してください。</translation>
    </message>
    <message>
        <source>Fleet database: {dsn}</source>
        <translation>フリートのデータベース: {dsn}</translation>
    </message>
    <message>
        <source>reading the fleet…</source>
        <translation>フリートを読んでいます…</translation>
    </message>
    <message>
        <source>The Fleet view needs the fleet&apos;s optional dependencies, which are not installed: pip install &apos;resourcesync-explorer[fleet]&apos;</source>
        <translation>フリートの表示には追加の依存パッケージが必要ですが、インストールされていません: pip install &apos;resourcesync-explorer[fleet]&apos;</translation>
    </message>
    <message>
        <source>Cannot reach the fleet database at {host} ({dsn}): {reason}. Start PostgreSQL there, or correct the address in Settings ▸ Fleet.</source>
        <translation>{host} のフリートのデータベースに接続できません（{dsn}）: {reason}。そこで PostgreSQL を起動するか、設定 ▸ フリートでアドレスを正してください。</translation>
    </message>
    <message>
        <source>The database at {host} ({dsn}) holds no fleet: run resourcesync-explorer fleet init --db against it, or correct the address in Settings ▸ Fleet.</source>
        <translation>{host} のデータベース（{dsn}）にはフリートがありません。そのデータベースに対して resourcesync-explorer fleet init --db を実行するか、設定 ▸ フリートでアドレスを正してください。</translation>
    </message>
    <message>
        <source>{count} Sources, {problems} with problems; read {time}</source>
        <translation>ソース {count} 件、問題あり {problems} 件。{time} に読み込み</translation>
    </message>
    <message>
        <source>{url} has no snapshot yet: its first run has not finished.</source>
        <translation>{url} にはまだスナップショットがありません。最初の実行が終わっていません。</translation>
    </message>
    <message>
        <source>stored snapshot of {time}, not live</source>
        <translation>保存済みスナップショット（{time}）</translation>
    </message>
    <message>
        <source>The Source tree shows the stored snapshot of {url} taken {time} ({shown} of {documents} documents), not a live read. Open its address again to read it now.</source>
        <translation>ソースツリーには {time} に取得した {url} の保存済みスナップショット（ドキュメント {documents} 件中 {shown} 件）を表示しています。現在の読み込みではありません。今の状態を読むには、そのアドレスをもう一度開いてください。</translation>
    </message>
    <message>
        <source>The snapshot of {url} holds no documents.</source>
        <translation>{url} のスナップショットにはドキュメントがありません。</translation>
    </message>
</context>
<context>
    <name>FleetWidgets</name>
    <message>
        <source>Refresh</source>
        <translation>再読み込み</translation>
    </message>
    <message>
        <source>Read the health table from the fleet database again</source>
        <translation>フリートのデータベースから状態の表をもう一度読みます</translation>
    </message>
    <message>
        <source>Problems only</source>
        <translation>問題のみ</translation>
    </message>
    <message>
        <source>Only Sources with findings, unreachable, stale or not in sync</source>
        <translation>指摘あり、接続不可、期限切れ、または同期していないソースだけ</translation>
    </message>
    <message>
        <source>Open latest snapshot</source>
        <translation>最新のスナップショットを開く</translation>
    </message>
    <message>
        <source>Show the selected Source&apos;s latest stored snapshot in the Source tree</source>
        <translation>選択したソースの最新の保存済みスナップショットをソースツリーに表示します</translation>
    </message>
    <message>
        <source>Fleet health table</source>
        <translation>フリートの状態の表</translation>
    </message>
</context>
<context>
    <name>FolderDialogWidgets</name>
    <message>
        <source>Open folder as Source</source>
        <translation>フォルダーをソースとして開く</translation>
    </message>
    <message>
        <source>Read a folder of ResourceSync documents as the Source it will be once uploaded: every file is read as if served at the base URL, and links resolve to files. Checks that need an HTTP server are not applicable on disk.</source>
        <translation>ResourceSync のドキュメントを収めたフォルダーを、アップロード後のソースとして読みます: どのファイルもベース URL で公開されているものとして読み、リンクはファイルを指します。HTTP サーバーを要する検査はディスク上では対象外です。</translation>
    </message>
    <message>
        <source>Folder</source>
        <translation>フォルダー</translation>
    </message>
    <message>
        <source>the folder that holds the documents</source>
        <translation>ドキュメントを収めたフォルダー</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>参照…</translation>
    </message>
    <message>
        <source>Base URL</source>
        <translation>ベース URL</translation>
    </message>
    <message>
        <source>The address the folder will be served at once uploaded</source>
        <translation>アップロード後にこのフォルダーを公開するアドレス</translation>
    </message>
    <message>
        <source>Folder:</source>
        <translation>フォルダー:</translation>
    </message>
    <message>
        <source>Base URL:</source>
        <translation>ベース URL:</translation>
    </message>
</context>
<context>
    <name>FolderServices</name>
    <message>
        <source>{address} is a folder with no base URL yet: open it with File ▸ Open folder as Source…, which asks for the address it will be served at.</source>
        <translation>{address} はベース URL がまだ決まっていないフォルダーです: ファイル ▸ フォルダーをソースとして開く… で開いてください。公開先のアドレスを尋ねます。</translation>
    </message>
</context>
<context>
    <name>ForwardAnswerView</name>
    <message>
        <source>Not forwarded (or not answered yet).</source>
        <translation>転送していません（またはまだ応答がありません）。</translation>
    </message>
    <message>
        <source>{reason} (at {time})</source>
        <translation>{reason}（{time}）</translation>
    </message>
    <message>
        <source>{target}: no answer at {time} ({error}), attempt {attempts}</source>
        <translation>{target}: {time} に応答なし（{error}）、{attempts} 回目</translation>
    </message>
    <message>
        <source>{target} answered {status} at {time} in {ms:.0f} ms, attempt {attempts}</source>
        <translation>{target} は {time} に {status} で応答（{ms:.0f} ms、{attempts} 回目）</translation>
    </message>
    <message>
        <source>Answer of your application</source>
        <translation>アプリケーションの応答</translation>
    </message>
</context>
<context>
    <name>ForwardDialog</name>
    <message>
        <source>Give the application&apos;s address as http://host:port/path.</source>
        <translation>アプリケーションのアドレスを http://host:port/path の形で指定してください。</translation>
    </message>
    <message>
        <source>Leave the user name and password out of the URL; give an &apos;Authorization: …&apos; header instead.</source>
        <translation>URL にユーザー名とパスワードを含めず、代わりに &apos;Authorization: …&apos; ヘッダーを指定してください。</translation>
    </message>
    <message>
        <source>The forward secret is only spaces: type the secret, or empty the field to forward unsigned.</source>
        <translation>転送用シークレットが空白だけです。シークレットを入力するか、署名なしで転送するなら欄を空にしてください。</translation>
    </message>
    <message>
        <source>The forward secret is too long.</source>
        <translation>転送用シークレットが長すぎます。</translation>
    </message>
    <message>
        <source>Header line {number} is not &apos;Name: value&apos;.</source>
        <translation>ヘッダーの {number} 行目が &apos;Name: value&apos; の形ではありません。</translation>
    </message>
</context>
<context>
    <name>ForwardDialogWidgets</name>
    <message>
        <source>Forward to…</source>
        <translation>転送先…</translation>
    </message>
    <message>
        <source>http://127.0.0.1:8000/hook (your application)</source>
        <translation>http://127.0.0.1:8000/hook（転送先のアプリケーション）</translation>
    </message>
    <message>
        <source>Target URL</source>
        <translation>転送先 URL</translation>
    </message>
    <message>
        <source>empty: forwarded unsigned; a secret signs each delivery (X-Hub-Signature)</source>
        <translation>空欄: 署名なしで転送。シークレットを入れると各配信に署名します（X-Hub-Signature）</translation>
    </message>
    <message>
        <source>Forward secret</source>
        <translation>転送用シークレット</translation>
    </message>
    <message>
        <source>Signature algorithm</source>
        <translation>署名のアルゴリズム</translation>
    </message>
    <message>
        <source>Extra headers, one &apos;Name: value&apos; a line</source>
        <translation>追加のヘッダー（1 行に &apos;Name: value&apos; を 1 つ）</translation>
    </message>
    <message>
        <source>Extra headers</source>
        <translation>追加のヘッダー</translation>
    </message>
    <message>
        <source>Also forward unverified deliveries</source>
        <translation>署名未検証の配信も転送する</translation>
    </message>
    <message>
        <source>Unverified: no valid hub signature (a 2012 callback or XMPP push, a subscription without a secret), so anyone who knows the callback URL could have sent it. Ticked: sent without X-Hub-Signature and with X-ResourceSync-Explorer-Verified: no. Not ticked: not forwarded.</source>
        <translation>署名未検証: ハブの有効な署名がない配信（2012 年版のコールバックや XMPP のプッシュ、シークレットのないサブスクリプション）で、コールバック URL を知る誰もが送れたものです。チェックあり: X-Hub-Signature なしで X-ResourceSync-Explorer-Verified: no を付けて転送します。チェックなし: 転送しません。</translation>
    </message>
    <message>
        <source>Subscription</source>
        <translation>サブスクリプション</translation>
    </message>
    <message>
        <source>Algorithm</source>
        <translation>アルゴリズム</translation>
    </message>
    <message>
        <source>Headers</source>
        <translation>ヘッダー</translation>
    </message>
    <message>
        <source>Unverified</source>
        <translation>署名未検証</translation>
    </message>
    <message>
        <source>Stop forwarding</source>
        <translation>転送を止める</translation>
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
    <name>GuideViewer</name>
    <message>
        <source>User guide</source>
        <translation>ユーザーガイド</translation>
    </message>
</context>
<context>
    <name>HistoryPanel</name>
    <message>
        <source>History — {url}</source>
        <translation>履歴 — {url}</translation>
    </message>
    <message>
        <source>reading the history…</source>
        <translation>履歴を読んでいます…</translation>
    </message>
    <message>
        <source>saving a snapshot of the whole Source…</source>
        <translation>ソース全体のスナップショットを保存しています…</translation>
    </message>
    <message>
        <source>saving a snapshot: {count} requests…</source>
        <translation>スナップショットを保存しています: {count} リクエスト…</translation>
    </message>
    <message>
        <source>comparing…</source>
        <translation>比較しています…</translation>
    </message>
    <message>
        <source>now</source>
        <translation>現在</translation>
    </message>
    <message>
        <source>scheduled</source>
        <translation>定期</translation>
    </message>
    <message>
        <source>saving a snapshot now, then comparing…</source>
        <translation>現在のスナップショットを保存してから比較しています…</translation>
    </message>
    <message>
        <source>“{label}”</source>
        <translation>「{label}」</translation>
    </message>
    <message>
        <source>A: {a}  →  B: {b}</source>
        <translation>A（前）: {a}  →  B（後）: {b}</translation>
    </message>
    <message>
        <source>documents: {added} added, {removed} removed, {changed} changed</source>
        <translation>ドキュメント: 追加 {added}、削除 {removed}、変更 {changed}</translation>
    </message>
    <message>
        <source>{capability} entries: {added} added, {removed} removed, {changed} changed</source>
        <translation>{capability} のエントリ: 追加 {added}、削除 {removed}、変更 {changed}</translation>
    </message>
    <message>
        <source>findings: {new} new, {fixed} fixed</source>
        <translation>指摘: 新規 {new}、解消 {fixed}</translation>
    </message>
    <message>
        <source>changes the Change Lists did not announce: {count}</source>
        <translation>変更リストに記載のない変更: {count}</translation>
    </message>
    <message>
        <source>B has no Change List: announcements not checked</source>
        <translation>B に変更リストがないため、変更リストとの照合はしていません</translation>
    </message>
    <message>
        <source>the first {count} rows are shown; Export writes them all</source>
        <translation>最初の {count} 行を表示しています。エクスポートではすべて書き出します</translation>
    </message>
    <message>
        <source>Export the comparison</source>
        <translation>比較をエクスポート</translation>
    </message>
</context>
<context>
    <name>HistoryWidgets</name>
    <message>
        <source>Save snapshot…</source>
        <translation>スナップショットを保存…</translation>
    </message>
    <message>
        <source>Compare the two selected</source>
        <translation>選んだ 2 つを比較</translation>
    </message>
    <message>
        <source>Compare the selected with now</source>
        <translation>選んだものを現在と比較</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>Save one every</source>
        <translation>保存する間隔</translation>
    </message>
    <message>
        <source>While this window is open, save a snapshot on a schedule and compare it with the one before</source>
        <translation>このウィンドウを開いている間、一定間隔でスナップショットを保存し、一つ前のものと比較します</translation>
    </message>
    <message>
        <source> min</source>
        <translation> 分</translation>
    </message>
    <message>
        <source>all differences</source>
        <translation>すべての相違</translation>
    </message>
    <message>
        <source>Filter by URL, loc, field or value</source>
        <translation>URL、loc、項目、値で絞り込み</translation>
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
        <translation>{path} を読めません（詳細: {error}）</translation>
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
        <source>conformance run cancelled after %n check(s); the others are listed as not run</source>
        <translation>
            <numerusform>適合性チェックを %n 件実行したところでキャンセルしました。残りは未実施として表示しています</numerusform>
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
        <source>cancelled before it finished</source>
        <translation>終わる前にキャンセルされました</translation>
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
        <source>Hub under test</source>
        <translation>テスト対象のハブ</translation>
    </message>
    <message>
        <source>Subscriber under test</source>
        <translation>テスト対象のサブスクライバー</translation>
    </message>
    <message>
        <source>hub URL, e.g. http://127.0.0.1:8080/hub</source>
        <translation>ハブ URI（例: http://127.0.0.1:8080/hub）</translation>
    </message>
    <message>
        <source>Hub URL</source>
        <translation>ハブ URI</translation>
    </message>
    <message>
        <source>topic URL (empty: host one on the callback server)</source>
        <translation>トピック URI（空欄: コールバックサーバーでホストする）</translation>
    </message>
    <message>
        <source>Topic URL</source>
        <translation>トピック URI</translation>
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
        <source>What is under test</source>
        <translation>テスト対象</translation>
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
        <source>after a verified (un)subscription, give the hub this long to act on it before publishing; a delivery inside it is a warning, not a failure</source>
        <translation>サブスクライブ（解除）の検証（意思確認）の後、パブリッシュする前にハブが反映するまでこの時間だけ待ちます。この間に届いた配信は不合格ではなく注意になります</translation>
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
        <translation>静観</translation>
    </message>
    <message>
        <source>Settle</source>
        <translation>反映</translation>
    </message>
    <message>
        <source>Memory checks</source>
        <translation>記憶のチェック</translation>
    </message>
    <message>
        <source>also check what the hub remembers after failed deliveries, a 410, a lease&apos;s end and a restart; they wait out its retries and a short lease (minutes)</source>
        <translation>配信の失敗、410、リース期間の終了、再起動の後にハブが何を覚えているかも確かめます。ハブの再試行と短いリース期間を待つため、数分かかります</translation>
    </message>
    <message>
        <source>Hub restart command</source>
        <translation>ハブの再起動コマンド</translation>
    </message>
    <message>
        <source>shell command that restarts the hub (for the restart check)</source>
        <translation>ハブを再起動するシェルコマンド（restart のチェック用）</translation>
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
        <source> s</source>
        <translation> 秒</translation>
    </message>
</context>
<context>
    <name>InspectorForwarding</name>
    <message>
        <source>forwarded: {answer}</source>
        <translation>転送: {answer}</translation>
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
        <source>curl command copied; its hub.secret is masked (••••): put the subscription&apos;s secret in its place (Copy secret, Subscriptions) or it subscribes with the mask as its secret</source>
        <translation>curl コマンドをコピーしました。hub.secret は伏せてあります（••••）: 実行する前にサブスクリプションのシークレット（サブスクリプションの「シークレットをコピー」）に置き換えてください。そのままでは伏せ字がシークレットとしてサブスクライブされます</translation>
    </message>
    <message>
        <source>curl command copied, secrets masked</source>
        <translation>curl コマンドをコピーしました（シークレットは伏せ字）</translation>
    </message>
    <message>
        <source>no credentials or secret are kept for this request</source>
        <translation>このリクエストには保存された認証情報もシークレットもありません</translation>
    </message>
    <message>
        <source>curl command copied, WITH secrets in clear</source>
        <translation>curl コマンドをコピーしました。シークレットを平文で含みます</translation>
    </message>
    <message>
        <source>copied a curl command with secrets in clear for {url}</source>
        <translation>{url} の curl コマンドをシークレットを平文で含めてコピーしました</translation>
    </message>
    <message>
        <source>copied a curl command for {method} {url}</source>
        <translation>{method} {url} の curl コマンドをコピーしました</translation>
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
        <source>Replay delivery</source>
        <translation>配信を再送</translation>
    </message>
    <message>
        <source>Replay delivery to its callback</source>
        <translation>配信をコールバックに再送</translation>
    </message>
    <message>
        <source>Copy as curl with secrets</source>
        <translation>シークレット込みで curl としてコピー</translation>
    </message>
    <message>
        <source>Copy as curl with the real secrets</source>
        <translation>本物のシークレットを含めて curl としてコピー</translation>
    </message>
    <message>
        <source>Copy the request with the credentials kept for its origin and, for a subscription request, its real hub.secret: in clear</source>
        <translation>リクエストを、そのオリジンに保存された認証情報と、サブスクリプションのリクエストなら本物の hub.secret を含めてコピーします（平文）</translation>
    </message>
    <message>
        <source>Copy the selected request as a curl command, credentials and secrets masked</source>
        <translation>選んだリクエストを curl コマンドとしてコピーします。認証情報とシークレットは伏せ字です</translation>
    </message>
    <message>
        <source>POST the selected delivery again to its callback</source>
        <translation>選択した配信をコールバックにもう一度 POST します</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>エクスポート…</translation>
    </message>
    <message>
        <source>Save exchanges as HAR 1.2, CSV or JSON lines, secrets masked</source>
        <translation>やり取りを HAR 1.2、CSV、JSON Lines で保存します（シークレットは伏せ字）</translation>
    </message>
    <message>
        <source>All exchanges…</source>
        <translation>すべてのやり取り…</translation>
    </message>
    <message>
        <source>The filtered exchanges…</source>
        <translation>絞り込んだやり取り…</translation>
    </message>
    <message>
        <source>The selected exchanges…</source>
        <translation>選んだやり取り…</translation>
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
    <name>Job</name>
    <message>
        <source>exporting…</source>
        <translation>エクスポートしています…</translation>
    </message>
    <message>
        <source>{rows} rows written to {path}</source>
        <translation>{rows} 行を {path} に書き出しました</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>キャンセルしました</translation>
    </message>
</context>
<context>
    <name>LeaseHistory</name>
    <message>
        <source>Lease history — {topic}</source>
        <translation>リースの履歴 — {topic}</translation>
    </message>
    <message>
        <source>not known</source>
        <translation>不明</translation>
    </message>
    <message>
        <source>{topic}
hub {hub}; state {state}; lease {lease} s, until {expires}{error}
{count} requests and verifications</source>
        <translation>{topic}
ハブ {hub}、状態 {state}、リース期間 {lease} 秒、期限 {expires}{error}
リクエストと検証（意思確認）: {count} 件</translation>
    </message>
    <message>
        <source>; last renewal failed: {error}</source>
        <translation>、前回の更新は失敗: {error}</translation>
    </message>
</context>
<context>
    <name>LeaseHistoryWidgets</name>
    <message>
        <source>Refresh</source>
        <translation>再読み込み</translation>
    </message>
</context>
<context>
    <name>LeaseModel</name>
    <message>
        <source>request to the hub: subscribe</source>
        <translation>ハブへのリクエスト: subscribe</translation>
    </message>
    <message>
        <source>request to the hub: unsubscribe</source>
        <translation>ハブへのリクエスト: unsubscribe</translation>
    </message>
    <message>
        <source>verification of intent from the hub</source>
        <translation>ハブからの検証（意思確認）</translation>
    </message>
    <message>
        <source>time (UTC)</source>
        <translation>時刻（UTC）</translation>
    </message>
    <message>
        <source>what</source>
        <translation>内容</translation>
    </message>
    <message>
        <source>hub.mode</source>
        <translatorcomment>technical</translatorcomment>
        <translation>hub.mode</translation>
    </message>
    <message>
        <source>hub.lease_seconds</source>
        <translatorcomment>technical</translatorcomment>
        <translation>hub.lease_seconds</translation>
    </message>
    <message>
        <source>status</source>
        <translation>ステータス</translation>
    </message>
    <message>
        <source>answer (verbatim)</source>
        <translation>応答（そのまま）</translation>
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
        <translation>空きポート</translation>
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
    <name>LiveWiring</name>
    <message>
        <source>A subscribed set of resources could not be read, so the first diffs of its notifications have no earlier version: {problem}</source>
        <translation>サブスクライブしたリソースのセットを読めなかったため、その通知の最初の差分には以前の版がありません: {problem}</translation>
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
        <source>Problems</source>
        <translation>問題</translation>
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
        <translation>{url} を読めませんでした（詳細: {error}）。代わりにソースの記述を表示しています（{route}）。</translation>
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
        <source>Fleet</source>
        <translation>フリート</translation>
    </message>
    <message>
        <source>settings saved</source>
        <translation>設定を保存しました</translation>
    </message>
    <message>
        <source>The user guide could not be opened: it is docs/user-guide.md in the explorer&apos;s source distribution</source>
        <translation>ユーザーガイドを開けませんでした: ResourceSync Explorer のソースコード一式の docs/user-guide.ja.md にあります</translation>
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
        <source>User guide</source>
        <translation>ユーザーガイド</translation>
    </message>
    <message>
        <source>Open the user guide: each task step by step</source>
        <translation>ユーザーガイドを開きます: 作業ごとの手順</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>キーボードショートカット</translation>
    </message>
    <message>
        <source>List every keyboard shortcut</source>
        <translation>すべてのキーボードショートカットを一覧にします</translation>
    </message>
    <message>
        <source>Open folder as Source…</source>
        <translation>フォルダーをソースとして開く…</translation>
    </message>
    <message>
        <source>Read a folder of documents as the Source it will be once uploaded</source>
        <translation>ドキュメントのフォルダーを、アップロード後のソースとして読む</translation>
    </message>
    <message>
        <source>Export report…</source>
        <translation>レポートをエクスポート…</translation>
    </message>
    <message>
        <source>Save every finding of the Source as an HTML page or CSV to hand over</source>
        <translation>ソースの指摘をすべて、渡せる HTML ページまたは CSV に保存</translation>
    </message>
    <message>
        <source>Save recording…</source>
        <translation>記録を保存…</translation>
    </message>
    <message>
        <source>Write what this session read and received, for demo-source --replay</source>
        <translation>このセッションで読んだドキュメントと受け取った配信を demo-source --replay 用に書き出します</translation>
    </message>
    <message>
        <source>Next problem</source>
        <translation>次の問題</translation>
    </message>
    <message>
        <source>Go to the next problem of the Source</source>
        <translation>ソースの次の問題へ移動</translation>
    </message>
    <message>
        <source>Previous problem</source>
        <translation>前の問題</translation>
    </message>
    <message>
        <source>Go to the previous problem of the Source</source>
        <translation>ソースの前の問題へ移動</translation>
    </message>
    <message>
        <source>Signature…</source>
        <translation>署名…</translation>
    </message>
    <message>
        <source>Check an X-Hub-Signature against a body and a secret</source>
        <translation>X-Hub-Signature をボディとシークレットで確かめる</translation>
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
        <source>History</source>
        <translation>履歴</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>表示(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>ツール(&amp;T)</translation>
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
    <message>
        <source>Details</source>
        <translation>詳細</translation>
    </message>
    <message>
        <source>Show or hide the details</source>
        <translation>詳細を表示または非表示</translation>
    </message>
    <message>
        <source>Message details</source>
        <translation>メッセージの詳細</translation>
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
    <message>
        <source>Network settings not applied: {reason}</source>
        <translation>ネットワーク設定を反映していません: {reason}</translation>
    </message>
</context>
<context>
    <name>OpenFolderDialog</name>
    <message>
        <source>Folder to read as a Source</source>
        <translation>ソースとして読むフォルダー</translation>
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
    <name>PlanActions</name>
    <message>
        <source>Plan a harvest…</source>
        <translation>ハーベストの計画…</translation>
    </message>
    <message>
        <source>What a harvest of this Source will cost, and what it would miss</source>
        <translation>このソースのハーベストにかかるコストと、取りこぼすもの</translation>
    </message>
    <message>
        <source>Plan…</source>
        <translation>計画…</translation>
    </message>
    <message>
        <source>open a Source first: the plan is of the Source shown in the tree</source>
        <translation>先にソースを開いてください: 計画はツリーに表示中のソースについて立てます</translation>
    </message>
</context>
<context>
    <name>PlanPanel</name>
    <message>
        <source>Plan a harvest — {url}</source>
        <translation>ハーベストの計画 — {url}</translation>
    </message>
    <message>
        <source>cannot plan: {reason}</source>
        <translation>計画できません: {reason}</translation>
    </message>
    <message>
        <source>reading the Source…</source>
        <translation>ソースを読んでいます…</translation>
    </message>
    <message>
        <source>reading the Source: {count} requests…</source>
        <translation>ソースを読んでいます: {count} リクエスト…</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>注記</translation>
    </message>
    <message>
        <source>nothing forces refetching</source>
        <translation>再取得の原因はありません</translation>
    </message>
    <message>
        <source>{seconds} s</source>
        <translation>{seconds} 秒</translation>
    </message>
    <message>
        <source>{count} requests, {wire} bytes on the wire</source>
        <translation>リクエスト {count} 件、通信量 {wire} バイト</translation>
    </message>
</context>
<context>
    <name>PlanWidgets</name>
    <message>
        <source>connections: </source>
        <translation>接続数: </translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>e.g. 2026-12-01T00:00:00Z; empty: the last snapshot</source>
        <translation>例: 2026-12-01T00:00:00Z。空欄なら最新のスナップショットの日時</translation>
    </message>
    <message>
        <source>optional: the folder holding a local copy</source>
        <translation>省略可: ローカルコピーのあるフォルダー</translation>
    </message>
    <message>
        <source>optional, one a line: URL_PREFIX=FOLDER</source>
        <translation>省略可、1 行に 1 つ: URL_PREFIX=FOLDER</translation>
    </message>
    <message>
        <source>optional: the OAI-PMH base URL</source>
        <translation>省略可: OAI-PMH のベース URL</translation>
    </message>
    <message>
        <source>optional: OAI_TEMPLATE=LOC_TEMPLATE with {id}</source>
        <translation>省略可: {id} を含む OAI_TEMPLATE=LOC_TEMPLATE</translation>
    </message>
    <message>
        <source>Source:</source>
        <translation>ソース:</translation>
    </message>
    <message>
        <source>Profile:</source>
        <translation>プロファイル:</translation>
    </message>
    <message>
        <source>Delay between requests:</source>
        <translation>リクエスト間の待ち時間:</translation>
    </message>
    <message>
        <source>Incremental from:</source>
        <translation>差分同期の開始日時:</translation>
    </message>
    <message>
        <source>Local copy:</source>
        <translation>ローカルコピー:</translation>
    </message>
    <message>
        <source>URL prefix mappings:</source>
        <translation>URL プレフィックスの対応:</translation>
    </message>
    <message>
        <source>OAI-PMH:</source>
        <translatorcomment>technical</translatorcomment>
        <translation>OAI-PMH:</translation>
    </message>
    <message>
        <source>Identifier map:</source>
        <translation>識別子の対応:</translation>
    </message>
    <message>
        <source>Metadata prefix:</source>
        <translation>メタデータ接頭辞:</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>実行</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>ベースライン同期</translation>
    </message>
    <message>
        <source>Incremental</source>
        <translation>差分同期</translation>
    </message>
    <message>
        <source>Audit</source>
        <translation>監査</translation>
    </message>
    <message>
        <source>Requests</source>
        <translation>リクエスト</translation>
    </message>
    <message>
        <source>Documents</source>
        <translation>ドキュメント</translation>
    </message>
    <message>
        <source>Resources</source>
        <translation>リソース</translation>
    </message>
    <message>
        <source>Body bytes</source>
        <translation>ボディのバイト数</translation>
    </message>
    <message>
        <source>Bytes on the wire</source>
        <translation>通信量（ヘッダーを含む）</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>時間</translation>
    </message>
    <message>
        <source>A Resource Dump saves</source>
        <translation>リソースダンプで省ける分</translation>
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
        <source>{spec} (translated)</source>
        <translation>{spec}（訳あり）</translation>
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
    <message>
        <source>; </source>
        <translation>、</translation>
    </message>
    <message>
        <source>{head} ({where})</source>
        <translation>{head}（{where}）</translation>
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
    <name>PublicUrlMove</name>
    <message>
        <source>{count} live subscription(s) will be subscribed again with callbacks at {url}. Each old subscription is ended only once the hub has verified its replacement; if the hub cannot reach {url}, the old one stays active.</source>
        <translation>{count} 件の有効なサブスクリプションを、コールバックを {url} にしてサブスクライブし直します。古いサブスクリプションは、ハブが新しいものを検証（意思確認）してから終了します。ハブが {url} に届かないときは、古いものが有効なまま残ります。</translation>
    </message>
    <message>
        <source>Public URL not tested</source>
        <translation>公開 URL は未テストです</translation>
    </message>
    <message>
        <source>{url} has not been tested: press Test first to see that hubs can reach it.</source>
        <translation>{url} はまだテストしていません: ハブが届くことを確かめるため、先にテストを押してください。</translation>
    </message>
    <message>
        <source>Public URL failed its test</source>
        <translation>公開 URL のテストに失敗しました</translation>
    </message>
    <message>
        <source>{url} did not reach this callback server when tested: hubs will not reach it either, so the move would fail.</source>
        <translation>{url} はテストでこのコールバックサーバーに届きませんでした: ハブも届かないため、移行は失敗します。</translation>
    </message>
    <message>
        <source>Move subscriptions</source>
        <translation>サブスクリプションを移す</translation>
    </message>
    <message>
        <source>Apply and move</source>
        <translation>適用して移す</translation>
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
    <name>RecordingAction</name>
    <message>
        <source>Save recording</source>
        <translation>記録を保存</translation>
    </message>
    <message>
        <source>Recordings (*.jsonl)</source>
        <translation>記録 (*.jsonl)</translation>
    </message>
    <message>
        <source>The recording could not be saved: {reason}</source>
        <translation>記録を保存できませんでした: {reason}</translation>
    </message>
    <message>
        <source>recording saved to {path}: {documents} documents, {deliveries} deliveries; play it back with demo-source --replay</source>
        <translation>記録を {path} に保存しました（ドキュメント {documents} 件、配信 {deliveries} 件）。demo-source --replay で再生できます</translation>
    </message>
</context>
<context>
    <name>ReplayActions</name>
    <message>
        <source>Replay…</source>
        <translation>再送…</translation>
    </message>
    <message>
        <source>this exchange is not in the store yet; try again</source>
        <translation>このやり取りはまだストアにありません。もう一度試してください</translation>
    </message>
</context>
<context>
    <name>ReplayDialog</name>
    <message>
        <source>Header line {number} is not &apos;Name: value&apos;.</source>
        <translation>ヘッダーの {number} 行目が &apos;Name: value&apos; の形ではありません。</translation>
    </message>
    <message>
        <source>The secret is empty or blank, so there is nothing to re-sign with: type the subscription&apos;s secret (hub.secret), or choose Send with its original signature.</source>
        <translation>シークレットが空か空白だけなので、署名し直せません。サブスクリプションのシークレット（hub.secret）を入力するか、「元の署名のまま送る」を選んでください。</translation>
    </message>
    <message>
        <source>sending…</source>
        <translation>送信中…</translation>
    </message>
    <message>
        <source>delivery {id}</source>
        <translation>配信 {id}</translation>
    </message>
    <message>
        <source>exchange {id}</source>
        <translation>やり取り {id}</translation>
    </message>
    <message>
        <source>re-signed</source>
        <translation>署名し直し</translation>
    </message>
    <message>
        <source>with its original signature</source>
        <translation>元の署名のまま</translation>
    </message>
    <message>
        <source>unsigned</source>
        <translation>署名なし</translation>
    </message>
    <message>
        <source>exchange {id}, replay of {original}, {signing}: no answer ({error})</source>
        <translation>やり取り {id}（{original} の再送、{signing}）: 応答なし（{error}）</translation>
    </message>
    <message>
        <source>exchange {id}, replay of {original}, {signing}: {status} in {ms:.0f} ms</source>
        <translation>やり取り {id}（{original} の再送、{signing}）: {status}（{ms:.0f} ms）</translation>
    </message>
</context>
<context>
    <name>ReplayDialogWidgets</name>
    <message>
        <source>Replay…</source>
        <translation>再送…</translation>
    </message>
    <message>
        <source>Method</source>
        <translation>メソッド</translation>
    </message>
    <message>
        <source>URL</source>
        <translatorcomment>technical</translatorcomment>
        <translation>URL</translation>
    </message>
    <message>
        <source>Headers, one &apos;Name: value&apos; a line</source>
        <translation>ヘッダー（1 行に &apos;Name: value&apos; を 1 つ）</translation>
    </message>
    <message>
        <source>Body</source>
        <translation>ボディ</translation>
    </message>
    <message>
        <source>Re-sign with this secret</source>
        <translation>このシークレットで署名し直す</translation>
    </message>
    <message>
        <source>Send with its original signature</source>
        <translation>元の署名のまま送る</translation>
    </message>
    <message>
        <source>Secret</source>
        <translation>シークレット</translation>
    </message>
    <message>
        <source>Signature algorithm</source>
        <translation>署名のアルゴリズム</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>応答</translation>
    </message>
    <message>
        <source>The answer appears here, recorded in the log</source>
        <translation>応答はここに表示され、ログに記録されます</translation>
    </message>
    <message>
        <source>Original</source>
        <translation>元のリクエスト</translation>
    </message>
    <message>
        <source>Headers</source>
        <translation>ヘッダー</translation>
    </message>
    <message>
        <source>Signature</source>
        <translation>署名</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>送信</translation>
    </message>
</context>
<context>
    <name>ReportExport</name>
    <message>
        <source>Open a Source before exporting its report.</source>
        <translation>レポートをエクスポートする前にソースを開いてください。</translation>
    </message>
    <message>
        <source>Export report</source>
        <translation>レポートをエクスポート</translation>
    </message>
    <message>
        <source>export failed: {error}</source>
        <translation>エクスポートに失敗しました（詳細: {error}）</translation>
    </message>
    <message>
        <source>report of {findings} written to {path}</source>
        <translation>{findings}のレポートを {path} に書き出しました</translation>
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
    <name>ShortcutsDialog</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>キーボードショートカット</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>キー</translation>
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
    <name>SignatureDialog</name>
    <message>
        <source>The body is over {limit} MiB.</source>
        <translation>ボディが {limit} MiB を超えています。</translation>
    </message>
    <message>
        <source>Paste the X-Hub-Signature value, e.g. sha256=…</source>
        <translation>X-Hub-Signature の値を貼り付けてください（例: sha256=…）</translation>
    </message>
    <message>
        <source>Type the secret the subscription gave the hub (hub.secret).</source>
        <translation>サブスクリプションがハブに渡したシークレット（hub.secret）を入力してください。</translation>
    </message>
    <message>
        <source>invalid: not ALGORITHM=HEX with ALGORITHM one of sha1, sha256, sha384, sha512 (WebSub §7.1)</source>
        <translation>無効: ALGORITHM=HEX の形（ALGORITHM は sha1、sha256、sha384、sha512 のいずれか）ではありません（WebSub §7.1）</translation>
    </message>
</context>
<context>
    <name>SignatureWidgets</name>
    <message>
        <source>Signature</source>
        <translation>署名</translation>
    </message>
    <message>
        <source>Body</source>
        <translation>ボディ</translation>
    </message>
    <message>
        <source>Paste the body exactly as it was sent (UTF-8; line endings count)</source>
        <translation>送られたとおりのボディを貼り付けてください（UTF-8。改行の種類も署名に影響します）</translation>
    </message>
    <message>
        <source>X-Hub-Signature value</source>
        <translation>X-Hub-Signature の値</translation>
    </message>
    <message>
        <source>Secret</source>
        <translation>シークレット</translation>
    </message>
    <message>
        <source>the subscription&apos;s hub.secret</source>
        <translation>サブスクリプションの hub.secret</translation>
    </message>
    <message>
        <source>Algorithm</source>
        <translation>アルゴリズム</translation>
    </message>
    <message>
        <source>the one the header names</source>
        <translation>ヘッダーが示すもの</translation>
    </message>
    <message>
        <source>A receiver that insists on one algorithm refuses every other</source>
        <translation>1 つのアルゴリズムを求める受信側は、ほかのアルゴリズムをすべて拒否します</translation>
    </message>
    <message>
        <source>X-Hub-Signature:</source>
        <translatorcomment>technical</translatorcomment>
        <translation>X-Hub-Signature:</translation>
    </message>
    <message>
        <source>Secret:</source>
        <translation>シークレット:</translation>
    </message>
    <message>
        <source>Algorithm:</source>
        <translation>アルゴリズム:</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>判定</translation>
    </message>
    <message>
        <source>Show expected value</source>
        <translation>期待される値を表示</translation>
    </message>
    <message>
        <source>The value this secret gives for this body: as good as the secret for it</source>
        <translation>このシークレットがこのボディに対して与える値です。このボディについてはシークレットと同じ重みを持ちます</translation>
    </message>
    <message>
        <source>Expected value</source>
        <translation>期待される値</translation>
    </message>
</context>
<context>
    <name>SnapshotsModel</name>
    <message>
        <source>#</source>
        <translation>番号</translation>
    </message>
    <message>
        <source>taken</source>
        <translation>取得時刻</translation>
    </message>
    <message>
        <source>label</source>
        <translation>ラベル</translation>
    </message>
    <message>
        <source>documents</source>
        <translation>ドキュメント</translation>
    </message>
    <message>
        <source>entries</source>
        <translation>エントリ</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>ソース</translation>
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
        <source>on disk: {folder} as {base_url}</source>
        <translation>ディスク上: {folder}（{base_url} として読む）</translation>
    </message>
    <message>
        <source>Cannot open {url}: {cause}.</source>
        <translation>{url} を開けません: {cause}。</translation>
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
        <source>{url} is not among the documents loaded from the Source it leads to: it is shown on its own, with its problems.</source>
        <translation>{url} は、そこからたどったソースで読み込んだドキュメントに含まれていません。このドキュメントだけを、その問題とともに表示しています。</translation>
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
        <source>Open the live site in browser</source>
        <translation>公開中のサイトをブラウザーで開く</translation>
    </message>
    <message>
        <source>Read here from {file}; the browser would go to the live site: {url}</source>
        <translation>ここでは {file} から読んでいます。ブラウザーは公開中のサイト {url} を開きます</translation>
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
        <source>Subscribe at the live site&apos;s hub</source>
        <translation>公開中のサイトのハブでサブスクライブ</translation>
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
        <source>Write search-engine twin…</source>
        <translation>検索エンジン用の複製を書き出す…</translation>
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
    <message numerus="yes">
        <source>%n package(s) downloaded and each compared with its manifest.xml (members present, sizes and hashes as listed)</source>
        <translation>
            <numerusform>%n 個のパッケージをダウンロードし、それぞれを manifest.xml と照合しました（メンバーの有無、サイズ、ハッシュ）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>up to %n resource file(s) read from the folder: present, and length and hashes against the list where it gives them</source>
        <translation>
            <numerusform>最大 %n 件のリソースのファイルをフォルダーから読み、有無を確かめ、長さをリストと照合しました（ハッシュがあればハッシュも）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>up to %n resource(s) requested: status, type, length and Last-Modified against the list, and hashes where it gives them</source>
        <translation>
            <numerusform>最大 %n 件のリソースを要求し、ステータス、タイプ、長さ、Last-Modified をリストと照合しました（ハッシュがあればハッシュも）</numerusform>
        </translation>
    </message>
    <message>
        <source>the findings are in the Problems tab</source>
        <translation>指摘は「問題」タブにあります</translation>
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
    <name>SourceProblemsModel</name>
    <message>
        <source>(the Source)</source>
        <translation>（ソース全体）</translation>
    </message>
    <message>
        <source>severity</source>
        <translation>重大度</translation>
    </message>
    <message>
        <source>code</source>
        <translation>コード</translation>
    </message>
    <message>
        <source>document</source>
        <translation>ドキュメント</translation>
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
</context>
<context>
    <name>SourceProblemsPanel</name>
    <message>
        <source>Required ({count})</source>
        <translation>必須（{count}）</translation>
    </message>
    <message>
        <source>Recommended ({count})</source>
        <translation>推奨（{count}）</translation>
    </message>
    <message>
        <source>Informational ({count})</source>
        <translation>情報（{count}）</translation>
    </message>
    <message>
        <source>every code ({count})</source>
        <translation>すべてのコード（{count}）</translation>
    </message>
    <message>
        <source>every document ({count})</source>
        <translation>すべてのドキュメント（{count}）</translation>
    </message>
    <message>
        <source>no problems in the loaded documents</source>
        <translation>読み込んだドキュメントに問題はありません</translation>
    </message>
    <message>
        <source>{shown} of {total}</source>
        <translation>{total} 件中 {shown} 件</translation>
    </message>
    <message>
        <source>no problems to go to</source>
        <translation>移動できる問題はありません</translation>
    </message>
    <message>
        <source>in {place}</source>
        <translation>場所: {place}</translation>
    </message>
</context>
<context>
    <name>SourceProblemsWidgets</name>
    <message>
        <source>Errors: what the specification says must be</source>
        <translation>エラー: 仕様が「しなければならない」と定めること</translation>
    </message>
    <message>
        <source>Warnings: what the specification says should be, or a likely mistake</source>
        <translation>警告: 仕様が「すべきである」と定めること、またはありがちな誤り</translation>
    </message>
    <message>
        <source>Notes worth knowing</source>
        <translation>知っておくとよい情報</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>コード</translation>
    </message>
    <message>
        <source>Show one code only</source>
        <translation>1 つのコードだけを表示</translation>
    </message>
    <message>
        <source>Document</source>
        <translation>ドキュメント</translation>
    </message>
    <message>
        <source>Show one document or channel only</source>
        <translation>1 つのドキュメントまたはチャンネルだけを表示</translation>
    </message>
    <message>
        <source>Export report…</source>
        <translation>レポートをエクスポート…</translation>
    </message>
    <message>
        <source>Save every finding as one HTML page to hand over, or as CSV</source>
        <translation>すべての指摘を、渡せる 1 つの HTML ページまたは CSV に保存</translation>
    </message>
    <message>
        <source>Problems of the Source</source>
        <translation>ソースの問題</translation>
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
        <translation>HTTP コールバックチャンネル（2012 年草案）</translation>
    </message>
    <message>
        <source>{name} channel</source>
        <translation>{name}チャンネル</translation>
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
    <name>SubscriberWorkbench</name>
    <message>
        <source>Discovery</source>
        <translation>検出</translation>
    </message>
    <message>
        <source>Verification</source>
        <translation>検証（意思確認）</translation>
    </message>
    <message>
        <source>Distribution</source>
        <translation>配信</translation>
    </message>
    <message>
        <source>ResourceSync payloads</source>
        <translation>ResourceSync のペイロード</translation>
    </message>
    <message>
        <source>Lease</source>
        <translation>リース期間</translation>
    </message>
    <message>
        <source>copied: {line}</source>
        <translation>コピーしました: {line}</translation>
    </message>
    <message>
        <source>choose at least one test</source>
        <translation>テストを 1 つ以上選んでください</translation>
    </message>
    <message numerus="yes">
        <source>running %n subscriber test(s) …</source>
        <translation>
            <numerusform>サブスクライバーのテストを %n 件実行しています…</numerusform>
        </translation>
    </message>
    <message>
        <source>the subscriber check could not start: {error}</source>
        <translation>サブスクライバーのチェックを開始できませんでした（詳細: {error}）</translation>
    </message>
    <message>
        <source>stopping the subscriber check …</source>
        <translation>サブスクライバーのチェックを停止しています…</translation>
    </message>
    <message>
        <source>{test}: start your subscriber now; it has {seconds} s to subscribe</source>
        <translation>{test}: サブスクライバーを今すぐ起動してください。{seconds} 秒以内にサブスクライブする必要があります</translation>
    </message>
    <message numerus="yes">
        <source>%n test(s): {passed} pass, {warned} warn, {failed} fail, {skipped} not run</source>
        <translation>
            <numerusform>%n 件のテスト: 合格 {passed}、注意 {warned}、不合格 {failed}、未実施 {skipped}</numerusform>
        </translation>
    </message>
    <message>
        <source>subscriber check stopped</source>
        <translation>サブスクライバーのチェックを停止しました</translation>
    </message>
    <message>
        <source>subscriber check finished</source>
        <translation>サブスクライバーのチェックが終わりました</translation>
    </message>
    <message>
        <source>websub.rocks subscriber test {number}</source>
        <translation>websub.rocks のサブスクライバーテスト {number}</translation>
    </message>
    <message numerus="yes">
        <source>%n exchange(s) show it:</source>
        <translation>
            <numerusform>これを示すやり取り（%n 件）:</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SubscriberWorkbenchWidgets</name>
    <message>
        <source>Subscriber command</source>
        <translation>サブスクライバーのコマンド</translation>
    </message>
    <message>
        <source>command that starts your subscriber, with {topic}, {caplist} or {hub}; empty: start it by hand</source>
        <translation>サブスクライバーを起動するコマンド（{topic}、{caplist}、{hub} を使用）。空欄なら手動で起動</translation>
    </message>
    <message>
        <source>Run once per test through the shell, each placeholder replaced by that test&apos;s URL, and stopped after the test with its whole process group</source>
        <translation>テストごとにシェルで 1 回実行し、各プレースホルダーをそのテストの URL に置き換えます。テストの後はプロセスグループごと停止します</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>コマンド</translation>
    </message>
    <message>
        <source>Tests</source>
        <translation>テスト</translation>
    </message>
    <message>
        <source>Tests to run</source>
        <translation>実行するテスト</translation>
    </message>
    <message>
        <source>Timeout</source>
        <translation>タイムアウト</translation>
    </message>
    <message>
        <source>how long each test waits for the subscriber to subscribe (--timeout)</source>
        <translation>各テストがサブスクライバーのサブスクライブを待つ時間（--timeout）</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>実行</translation>
    </message>
    <message>
        <source>Run the chosen tests against the subscriber</source>
        <translation>選んだテストをサブスクライバーに対して実行します</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Stop the run and the subscriber it started; finished tests stay listed</source>
        <translation>実行と、起動したサブスクライバーを停止します。終わったテストは一覧に残ります</translation>
    </message>
    <message>
        <source>Copy command line</source>
        <translation>コマンドラインをコピー</translation>
    </message>
    <message>
        <source>Copy the resourcesync-explorer subscriber-check command that runs this form</source>
        <translation>このフォームの内容を実行する resourcesync-explorer subscriber-check コマンドをコピーします</translation>
    </message>
    <message>
        <source>Subscriber under test</source>
        <translation>テスト対象のサブスクライバー</translation>
    </message>
    <message>
        <source>URLs for the subscriber</source>
        <translation>サブスクライバーに渡す URL</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>結果</translation>
    </message>
    <message>
        <source>Test</source>
        <translation>テスト</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>理由</translation>
    </message>
    <message>
        <source>Subscriber test results</source>
        <translation>サブスクライバーのテスト結果</translation>
    </message>
    <message>
        <source>select a test to see its reason and evidence</source>
        <translation>テストを選ぶと理由と根拠が表示されます</translation>
    </message>
    <message>
        <source>Test detail</source>
        <translation>テストの詳細</translation>
    </message>
    <message>
        <source>Subscriber test summary</source>
        <translation>サブスクライバーのテストの概要</translation>
    </message>
</context>
<context>
    <name>SubscriptionForwarding</name>
    <message>
        <source>Forward to…</source>
        <translation>転送先…</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>削除</translation>
    </message>
    <message>
        <source>select a subscription to forward its deliveries</source>
        <translation>配信を転送するサブスクリプションを選んでください</translation>
    </message>
    <message>
        <source>forwarding deliveries of {topic} to {url}</source>
        <translation>{topic} の配信を {url} へ転送します</translation>
    </message>
    <message>
        <source>forwarding of {topic} stopped</source>
        <translation>{topic} の転送を止めました</translation>
    </message>
    <message>
        <source>no system keyring: the forward secret is kept for this session only</source>
        <translation>システムのキーリングがありません。転送用シークレットはこのセッションの間だけ保持します</translation>
    </message>
    <message>
        <source>forwarding of {topic} not restarted: its secret was kept for the last session only; give it again with Forward to…</source>
        <translation>{topic} の転送は再開しませんでした。シークレットは前のセッションの間だけ保持していました。「転送先…」でもう一度指定してください</translation>
    </message>
    <message>
        <source>Forwarding was not restarted for {topics}: with no system keyring its secret was kept for the last session only. Give it again with Forward to…</source>
        <translation>{topics} の転送は再開されませんでした。システムのキーリングがないため、シークレットは前回のセッションの間だけ保持されていました。転送先…でもう一度指定してください</translation>
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
        <source>The address hubs use to reach this callback server, e.g. a tunnel (ngrok, cloudflared) forwarding to {place}. Press Test, then Apply.</source>
        <translation>ハブがこのコールバックサーバーに届くためのアドレスです。例えば {place} へ転送するトンネル（ngrok、cloudflared）。テストを押してから適用を押してください。</translation>
    </message>
    <message>
        <source>Request a probe through the public URL and see whether it arrives here: the tunnel must forward to {place}</source>
        <translation>公開 URL を通して試験リクエストを送り、ここに届くかを確かめます。トンネルは {place} へ転送する必要があります</translation>
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
        <source>{line} (×{count})</source>
        <translation>{line}（×{count}）</translation>
    </message>
    <message>
        <source>secret of {topic} copied to the clipboard</source>
        <translation>{topic} のシークレットをクリップボードにコピーしました</translation>
    </message>
    <message>
        <source>the public URL is already in use; nothing to move</source>
        <translation>この公開 URL は既に使われています。移すものはありません</translation>
    </message>
    <message>
        <source>public URL not applied: the subscriptions stay as they are</source>
        <translation>公開 URL は適用しませんでした。サブスクリプションはそのままです</translation>
    </message>
    <message>
        <source>moving {count} subscription(s) to {url}: waiting up to {seconds:g} s for each hub&apos;s verification</source>
        <translation>{count} 件のサブスクリプションを {url} へ移しています: 各ハブの検証（意思確認）を最大 {seconds:g} 秒待ちます</translation>
    </message>
    <message>
        <source>the local address</source>
        <translation>ローカルのアドレス</translation>
    </message>
    <message>
        <source>{moved} subscription(s) moved; {kept} kept at their old callback</source>
        <translation>{moved} 件のサブスクリプションを移しました。{kept} 件は元のコールバックのままです</translation>
    </message>
    <message>
        <source>testing {url} …</source>
        <translation>{url} をテスト中…</translation>
    </message>
    <message>
        <source>Test of {url}: {report}</source>
        <translation>{url} のテスト: {report}</translation>
    </message>
    <message>
        <source>public URL test finished: {report}</source>
        <translation>公開 URL のテストが終わりました: {report}</translation>
    </message>
    <message>
        <source>lease {seconds} s ({duration})</source>
        <translation>リース期間 {seconds} 秒（{duration}）</translation>
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
        <translation>空きポート</translation>
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
        <source>Restart the callback server with this public URL and move live subscriptions to it (you are asked first; an old subscription ends only once the hub has verified its replacement)</source>
        <translation>この公開 URL でコールバックサーバーを再起動し、有効なサブスクリプションを移します（先に確認を求めます。古いサブスクリプションは、ハブが新しいものを検証してから終了します）</translation>
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
        <source>Public URL: https://….ngrok.app (optional tunnel)</source>
        <translation>公開 URL: https://….ngrok.app（任意）</translation>
    </message>
    <message>
        <source>Bind address and port of the callback server</source>
        <translation>コールバックサーバーのバインドアドレスとポート</translation>
    </message>
    <message>
        <source>Public URL test result</source>
        <translation>公開 URL のテスト結果</translation>
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
        <translation>ハブ URI（空欄なら自動検出）</translation>
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
        <translation>解除</translation>
    </message>
    <message>
        <source>Copy secret</source>
        <translation>シークレットをコピー</translation>
    </message>
    <message>
        <source>Remove ended</source>
        <translation>終了した行を消す</translation>
    </message>
    <message>
        <source>Forward to…</source>
        <translation>転送先…</translation>
    </message>
    <message>
        <source>Ask the hub to renew the selected subscription&apos;s lease now</source>
        <translation>選択したサブスクリプションのリース期間を今すぐ更新するようハブに求めます</translation>
    </message>
    <message>
        <source>Ask the hub to end the selected subscription</source>
        <translation>サブスクライブ解除: 選択したサブスクリプションを終えるようハブに求めます</translation>
    </message>
    <message>
        <source>Copy the selected subscription&apos;s hub.secret to the clipboard</source>
        <translation>選択したサブスクリプションの hub.secret をクリップボードにコピーします</translation>
    </message>
    <message>
        <source>Pass the selected subscription&apos;s deliveries on to your own application</source>
        <translation>選んだサブスクリプションの配信を転送先のアプリケーションへ転送します</translation>
    </message>
    <message>
        <source>Remove the ended, denied and failed rows from this list (the store keeps them: their notifications refer to them)</source>
        <translation>終了・拒否・失敗の行をこの一覧から消します（ストアには残ります: 通知がそれらを参照しているため）</translation>
    </message>
    <message>
        <source>Subscription events and hub answers</source>
        <translation>サブスクリプションのイベントとハブの応答</translation>
    </message>
    <message>
        <source>Subscription events and hub answers (verbatim)</source>
        <translation>サブスクリプションのイベントとハブの応答（そのまま表示）</translation>
    </message>
    <message>
        <source>Callback server: {status}</source>
        <translation>コールバックサーバー: {status}</translation>
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
        <source>forwarding</source>
        <translation>転送</translation>
    </message>
    <message>
        <source>requested</source>
        <translation>要求済み</translation>
    </message>
    <message>
        <source>pending</source>
        <translation>検証待ち</translation>
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
        <source>checking</source>
        <translation>再確認中</translation>
    </message>
    <message>
        <source>not confirmed</source>
        <translation>再確認できず</translation>
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
        <source>asking the hub…</source>
        <translation>ハブに再確認中…</translation>
    </message>
    <message>
        <source>not known</source>
        <translation>不明</translation>
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
    <name>TimeActions</name>
    <message>
        <source>Save snapshot…</source>
        <translation>スナップショットを保存…</translation>
    </message>
    <message>
        <source>Keep the whole Source as it is now, to compare with later</source>
        <translation>ソース全体を今の状態で保存し、後で比較できるようにします</translation>
    </message>
    <message>
        <source>History…</source>
        <translation>履歴…</translation>
    </message>
    <message>
        <source>This Source&apos;s snapshots, and what changed</source>
        <translation>このソースのスナップショットと、変わった点</translation>
    </message>
    <message>
        <source>Audit a local copy…</source>
        <translation>ローカルコピーを監査…</translation>
    </message>
    <message>
        <source>Is a local copy in sync with this Source, and what differs?</source>
        <translation>ローカルコピーはこのソースと同期しているか、何が違うか</translation>
    </message>
    <message>
        <source>open a Source first: snapshots are of the Source shown in the tree</source>
        <translation>先にソースを開いてください: スナップショットはツリーに表示中のソースについて取ります</translation>
    </message>
    <message>
        <source>Save snapshot</source>
        <translation>スナップショットを保存</translation>
    </message>
    <message>
        <source>Label (optional), e.g. before-migration:</source>
        <translation>ラベル（任意、例: before-migration）:</translation>
    </message>
</context>
<context>
    <name>TimeChart</name>
    <message>
        <source>Baseline</source>
        <translation>ベースライン同期</translation>
    </message>
    <message>
        <source>Incremental</source>
        <translation>差分同期</translation>
    </message>
    <message>
        <source>Audit</source>
        <translation>監査</translation>
    </message>
    <message>
        <source>{seconds} s</source>
        <translation>{seconds} 秒</translation>
    </message>
</context>
<context>
    <name>TwinWriting</name>
    <message>
        <source>Write search-engine twin into</source>
        <translation>検索エンジン用の複製の書き出し先</translation>
    </message>
    <message>
        <source>Writing the search-engine twin of {url}</source>
        <translation>{url} の検索エンジン用の複製を書き出しています</translation>
    </message>
    <message>
        <source>Twin written into {folder}; add to robots.txt: {lines}</source>
        <translation>複製を {folder} に書き出しました。robots.txt に次の行を加えてください: {lines}</translation>
    </message>
</context>
<context>
    <name>WatchdogPanel</name>
    <message>
        <source>select a subscription</source>
        <translation>サブスクリプションを選んでください</translation>
    </message>
    <message>
        <source>checking every {seconds} s; verdicts appear in the live feed</source>
        <translation>{seconds} 秒ごとに照合中（結果はライブフィードへ）</translation>
    </message>
    <message>
        <source>not watched</source>
        <translation>監視していません</translation>
    </message>
    <message>
        <source>give the Capability List&apos;s http or https URL to check its Change Lists</source>
        <translation>変更リストを確かめるには、機能リストの http または https の URL を入れてください</translation>
    </message>
    <message>
        <source>Watchdog: {topic}</source>
        <translation>監視: {topic}</translation>
    </message>
</context>
<context>
    <name>WatchdogWidgets</name>
    <message>
        <source>Watchdog: is the hub still delivering?</source>
        <translation>監視: ハブはまだ配信しているか</translation>
    </message>
    <message>
        <source>Check every</source>
        <translation>確かめる間隔</translation>
    </message>
    <message>
        <source>Read the Capability List&apos;s Change Lists every period and compare them with the notifications received: changes never notified, notified changes never listed, and a hub gone quiet are reported in the feed</source>
        <translation>機能リストの変更リストを一定間隔で読み、受け取った通知と突き合わせます。通知されない変更、変更リストに載らない通知、黙ったままのハブをフィードに報告します</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>the Capability List naming this channel</source>
        <translation>このチャンネルを載せた機能リスト</translation>
    </message>
    <message>
        <source>Capability List</source>
        <translation>機能リスト</translation>
    </message>
    <message>
        <source>Lease history…</source>
        <translation>リースの履歴…</translation>
    </message>
    <message>
        <source>Every subscription request, the hub&apos;s answers and its verifications</source>
        <translation>サブスクリプションのリクエスト、ハブの応答と検証（意思確認）のすべて</translation>
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
        <translation>XMPP PubSub チャンネル {node}（2012 年草案）にご自身の XMPP アカウントでサブスクライブします。2012 年草案の変更セット（Change Set）が XMPP で届きます。リース期間はありません。</translation>
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
