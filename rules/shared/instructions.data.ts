// Word lists of `instructions.ts`: the verbs, lead-ins and endings that make a line an instruction to the reader, per language.

/**
 * Verbs that start an instruction in documentation ("Click **Save**", "Run `npm install`"). An
 * item that starts with one of these (after a lead-in such as "Then") is an instruction.
 *
 * Advice verbs (`use`, `keep`, `avoid`, `ensure`, `consider`, `prefer`, `remember`) are left out on
 * purpose: lists of best practices start with them and are not procedures.
 */
export const imperativeVerbs: readonly string[] = [
  'accept', 'access', 'activate', 'add', 'adjust', 'allow', 'append', 'apply', 'approve', 'assign', 'attach',
  'authenticate', 'authorize', 'browse', 'build', 'call', 'change', 'check', 'choose', 'click', 'clone',
  'close', 'commit', 'compile', 'complete', 'configure', 'confirm', 'connect', 'copy', 'create', 'curl',
  'declare', 'define', 'delete', 'deploy', 'disable', 'double-click', 'download', 'drag', 'duplicate', 'edit',
  'enable', 'enter', 'execute', 'expand', 'export', 'extract', 'fetch', 'fill', 'find', 'follow', 'fork',
  'generate', 'get', 'go', 'grab', 'grant', 'head', 'hit', 'hover', 'import', 'initialize', 'input', 'insert',
  'install', 'invite', 'invoke', 'launch', 'load', 'locate', 'log', 'login', 'make', 'mark', 'merge', 'modify',
  'mount', 'move', 'name', 'navigate', 'obtain', 'open', 'paste', 'pick', 'place', 'press', 'provide',
  'publish', 'pull', 'push', 'put', 'reboot', 'rebuild', 'redeploy', 'refresh', 'register', 'reload', 'remove',
  'rename', 'replace', 'request', 'restart', 'retrieve', 'review', 'revoke', 'right-click', 'rotate', 'run',
  'save', 'scroll', 'search', 'select', 'send', 'set', 'setup', 'share', 'sign', 'signup', 'source',
  'specify', 'start', 'stop', 'submit', 'subscribe', 'switch', 'sync', 'tap', 'test', 'tick', 'toggle',
  'trigger', 'turn', 'type', 'uncheck', 'uninstall', 'unzip', 'update', 'upgrade', 'upload', 'validate',
  'verify', 'visit', 'wait', 'write'
]

/**
 * Verbs of checking. A list where most items start with one (or with "make sure", "ensure") is a
 * troubleshooting checklist, not a sequence of steps: `1. Verify the token 2. Check the firewall`.
 */
export const checkVerbs: readonly string[] = ['check', 'confirm', 'ensure', 'inspect', 'review', 'test', 'validate', 'verify']

/** Openings that read like instructions but give advice or a condition to check. */
export const checkPhrases: readonly string[] = ['be sure', 'double check', 'double-check', 'make certain', 'make sure']

/** Words that may come before the verb of an instruction: "Then click", "Next, run". */
export const leadIns: readonly string[] = [
  'afterwards', 'also', 'finally', 'first', 'firstly', 'lastly', 'next', 'now', 'optionally', 'please',
  'second', 'secondly', 'then', 'third', 'thirdly'
]

/**
 * How a Chinese item starts with a condition (`点击发布后，…`, "after clicking Publish, …") and goes
 * on with what the reader will then see (`你会发现…`, "you'll find…"): a description, not an instruction.
 */
export const chineseConditionEnds: readonly string[] = ['之后', '以后', '后', '的时候', '时']
export const chineseOutcomes: readonly string[] = ['你会', '您会', '你将', '您将', '你就会', '您就会', '即可看到', '可以看到', '会看到', '会发现', '将看到']

/**
 * Imperative verbs in languages that, like English, put the verb first: an item that starts with one,
 * perhaps after a lead-in word, is an instruction. Both the formal and the familiar imperative are
 * listed (`abra` and `abre`, `klicken` for "Klicken Sie" and `klicke`), each lower-cased.
 */
export const imperativeVerbsByLanguage: Readonly<Record<string, {verbs: readonly string[]; checks: readonly string[]; leadIns: readonly string[]}>> = {
  en: {verbs: imperativeVerbs, checks: checkVerbs, leadIns},
  es: {
    verbs: [
      'abra', 'abre', 'accede', 'acceda', 'activa', 'active', 'actualice', 'actualiza', 'agrega', 'agregue', 'añada',
      'añade', 'arrastra', 'arrastre', 'busca', 'busque', 'cambia', 'cambie', 'carga', 'cargue', 'clona', 'clone',
      'completa', 'complete', 'conecta', 'conecte', 'configura', 'configure', 'copia', 'copie', 'crea', 'cree',
      'define', 'defina', 'desactiva', 'desactive', 'descarga', 'descargue', 'dirígete', 'diríjase', 'edita',
      'edite', 'elige', 'elija', 'elimina', 'elimine', 'escribe', 'escriba', 'establece', 'establezca', 'exporta',
      'exporte', 'genera', 'genere', 'guarda', 'guarde', 'haga', 'haz', 'importa', 'importe', 'inicia', 'inicie',
      'ingresa', 'ingrese', 'instala', 'instale', 'introduce', 'introduzca', 'ir', 'marca', 'marque', 'modifica',
      'modifique', 'navega', 'navegue', 'obtén', 'obtenga', 'pega', 'pegue', 'presiona', 'presione', 'pulsa',
      'pulse', 'reemplaza', 'reemplace', 'reinicia', 'reinicie', 'rellena', 'rellene', 'selecciona', 'seleccione',
      'sube', 'suba', 've', 'vaya', 'visita', 'visite', 'ejecuta', 'ejecute', 'escoge', 'escoja', 'espera',
      'espere', 'regístrate', 'regístrese', 'despliega', 'despliegue', 'envía', 'envíe', 'añadir'
    ],
    checks: ['asegúrate', 'asegúrese', 'comprueba', 'compruebe', 'confirma', 'confirme', 'revisa', 'revise', 'verifica', 'verifique'],
    leadIns: ['a', 'continuación', 'después', 'finalmente', 'luego', 'ahora', 'primero', 'por', 'último', 'opcionalmente', 'también']
  },
  fr: {
    verbs: [
      'accédez', 'accède', 'activez', 'active', 'ajoutez', 'ajoute', 'allez', 'va', 'appuyez', 'appuie', 'changez',
      'chargez', 'charge', 'choisissez', 'choisis', 'cliquez', 'clique', 'clonez', 'collez', 'colle', 'complétez',
      'configurez', 'configure', 'connectez', 'copiez', 'copie', 'cochez', 'coche', 'créez', 'crée', 'décochez',
      'définissez', 'déplacez', 'déployez', 'désactivez', 'désactive', 'démarrez', 'démarre', 'enregistrez',
      'enregistre', 'entrez', 'entre', 'envoyez', 'exécutez', 'exécute', 'exportez', 'faites', 'fais', 'générez',
      'glissez', 'importez', 'installez', 'installe', 'lancez', 'lance', 'mettez', 'mets', 'modifiez', 'modifie',
      'naviguez', 'obtenez', 'ouvrez', 'ouvre', 'remplacez', 'remplissez', 'renommez', 'renseignez', 'recherchez',
      'redémarrez', 'rendez-vous', 'saisissez', 'saisis', 'sélectionnez', 'sélectionne', 'supprimez', 'supprime',
      'tapez', 'tape', 'téléchargez', 'télécharge', 'téléversez', 'attendez', 'inscrivez-vous', 'connectez-vous'
    ],
    checks: ['assurez-vous', 'assure-toi', 'confirmez', 'contrôlez', 'vérifiez', 'vérifie'],
    leadIns: ['ensuite', 'puis', 'enfin', 'maintenant', 'd’abord', "d'abord", 'premièrement', 'également', 'éventuellement']
  },
  de: {
    verbs: [
      'aktivieren', 'aktiviere', 'aktualisieren', 'aktualisiere', 'ändern', 'ändere', 'rufen', 'rufe', 'deaktivieren',
      'deaktiviere', 'drücken', 'drücke', 'erstellen', 'erstelle', 'exportieren', 'exportiere', 'fügen', 'füge',
      'führen', 'führe', 'füllen', 'fülle', 'geben', 'gib', 'gehen', 'gehe', 'geh', 'generieren', 'generiere',
      'importieren', 'importiere', 'installieren', 'installiere', 'klicken', 'klicke', 'klick', 'klonen', 'klone',
      'kopieren', 'kopiere', 'konfigurieren', 'konfiguriere', 'laden', 'lade', 'legen', 'lege', 'löschen', 'lösche',
      'markieren', 'markiere', 'melden', 'melde', 'navigieren', 'navigiere', 'öffnen', 'öffne', 'registrieren',
      'registriere', 'setzen', 'setze', 'speichern', 'speichere', 'starten', 'starte', 'suchen', 'suche', 'tippen',
      'tippe', 'verbinden', 'verbinde', 'wählen', 'wähle', 'wechseln', 'wechsle', 'ziehen', 'ziehe', 'ersetzen',
      'ersetze', 'benennen', 'warten', 'warte', 'schreiben', 'schreibe', 'besuchen', 'besuche'
    ],
    checks: ['prüfen', 'prüfe', 'überprüfen', 'überprüfe', 'stellen', 'stelle', 'vergewissern', 'kontrollieren', 'bestätigen'],
    leadIns: ['anschließend', 'danach', 'dann', 'jetzt', 'nun', 'zuerst', 'zunächst', 'schließlich', 'optional', 'bitte']
  },
  pt: {
    verbs: [
      'abra', 'abre', 'acesse', 'acede', 'aceda', 'adicione', 'adiciona', 'altere', 'altera', 'arraste', 'arrasta',
      'ative', 'ativa', 'atualize', 'atualiza', 'baixe', 'baixa', 'carregue', 'carrega', 'clique', 'clica', 'clone',
      'cole', 'cola', 'configure', 'configura', 'conecte', 'conecta', 'copie', 'copia', 'crie', 'cria', 'defina',
      'define', 'desative', 'desativa', 'digite', 'digita', 'edite', 'edita', 'envie', 'envia', 'escolha', 'escolhe',
      'escreva', 'escreve', 'execute', 'executa', 'exclua', 'exporte', 'faça', 'faz', 'gere', 'gera', 'importe',
      'importa', 'inicie', 'inicia', 'insira', 'insere', 'instale', 'instala', 'marque', 'marca', 'navegue', 'obtenha',
      'pesquise', 'preencha', 'pressione', 'remova', 'remove', 'renomeie', 'reinicie', 'salve', 'salva', 'selecione',
      'seleciona', 'substitua', 'toque', 'vá', 'vai', 'visite', 'aguarde', 'espere', 'implante', 'registre'
    ],
    checks: ['certifique-se', 'confirme', 'confira', 'garanta', 'revise', 'verifique', 'verifica'],
    leadIns: ['agora', 'depois', 'em', 'seguida', 'então', 'finalmente', 'primeiro', 'opcionalmente', 'também', 'por', 'fim']
  }
}

/**
 * Chinese puts the verb first: an item is an instruction when it starts with one of these verbs,
 * perhaps after a lead-in (`然后`, `请`) or a place (`在设置页面中，点击…`).
 */
export const chineseVerbs: readonly string[] = [
  '点击', '单击', '双击', '右键', '打开', '安装', '运行', '执行', '创建', '新建', '选择', '选中', '勾选', '输入', '填写',
  '填入', '复制', '粘贴', '下载', '上传', '配置', '设置', '添加', '删除', '移除', '启用', '禁用', '开启', '关闭', '启动',
  '重启', '保存', '前往', '进入', '访问', '登录', '注册', '导入', '导出', '加载', '切换', '拖动', '拖拽', '连接', '生成',
  '获取', '修改', '编辑', '更新', '按下', '按', '将', '把', '找到', '部署', '克隆', '提交', '发布', '替换', '重命名', '等待',
  '调整', '跳转', '返回', '展开', '授权', '绑定', '搜索', '查找', '使用'
]

export const chineseCheckVerbs: readonly string[] = ['检查', '确认', '确保', '验证', '核对']

export const chineseLeadIns: readonly string[] = ['首先', '然后', '接着', '接下来', '之后', '随后', '最后', '再', '请', '先', '可选', '（可选）', '(可选)']

/**
 * Japanese and Korean put the verb last: an item is an instruction when its first sentence ends with
 * one of these verbs in a polite or request form (`…をクリックします`, `…를 클릭하세요`).
 * Japanese: a noun that takes する (`入力`) or a verb's stem before ます or て (`開き`, `開い`).
 */
export const japaneseVerbs: readonly string[] = [
  'クリック', 'ダブルクリック', '右クリック', 'タップ', '選択', '入力', 'インストール', 'アンインストール', '実行', '作成',
  'コピー', 'ペースト', 'ダウンロード', 'アップロード', '設定', '追加', '削除', '有効に', '無効に', '有効化', '無効化',
  '起動', '再起動', '保存', '移動', 'アクセス', 'ログイン', 'サインイン', '登録', 'インポート', 'エクスポート', 'ドラッグ',
  '接続', '生成', '取得', '変更', '編集', '更新', '指定', '記入', '送信', '公開', 'デプロイ', '適用', '展開', '解凍',
  '調整', '置換', '配置', 'クローン', '検索', 'ロード', '読み込み', '読み込ん', '開き', '開い', '押し', '選び', '選ん',
  '貼り付け', '進み', '進ん', '入れ', '書き', '置き', '切り替え', '待ち', '待っ', '戻り', '戻っ', '閉じ', '送り', '送っ',
  '加え', '変え'
]

export const japaneseCheckVerbs: readonly string[] = ['確認', 'チェック', '検証', '確かめ']

/** The polite and request forms after a Japanese verb: `クリック` + `します`, `開い` + `てください`. */
export const japaneseEndings: readonly string[] = ['してください', 'しましょう', 'します', 'する', 'てください', 'ください', 'ましょう', 'ます']

export const koreanVerbs: readonly string[] = [
  '클릭', '더블 클릭', '선택', '입력', '설치', '실행', '생성', '복사', '다운로드', '업로드', '설정', '추가', '삭제', '제거',
  '활성화', '비활성화', '시작', '재시작', '저장', '이동', '접속', '로그인', '등록', '전환', '연결', '변경', '편집',
  '업데이트', '수정', '배포', '적용', '지정', '작성', '로드', '검색', '제출', '조정', '교체', '드래그', '붙여넣기'
]

export const koreanCheckVerbs: readonly string[] = ['확인', '검증', '점검']

/** The polite and request forms after a Korean verb noun: `클릭` + `하세요`. */
export const koreanEndings: readonly string[] = ['하세요', '하십시오', '합니다', '해 주세요', '해주세요', '해 주십시오', '하기']

/** Korean verbs that do not take 하다, in their polite and request forms: `엽니다`, `불러오세요`. */
export const koreanVerbForms: readonly string[] = [
  '엽니다', '여세요', '열어 주세요', '누릅니다', '누르세요', '눌러 주세요', '불러옵니다', '불러오세요', '가져옵니다', '가져오세요',
  '기다립니다', '기다리세요', '만듭니다', '만드세요', '넣습니다', '넣으세요', '붙여넣습니다', '붙여넣으세요', '갑니다',
  '가세요', '바꿉니다', '바꾸세요', '끕니다', '끄세요', '켭니다', '켜세요', '씁니다', '쓰세요', '옮깁니다', '옮기세요'
]

/**
 * Words that start a sentence about something other than the reader's next action: a determiner or a
 * pronoun subject (“Your PR description becomes…”, “Each run has…”). After a bold label, such a
 * sentence describes; the label alone does not make the item an instruction. Not `you`: “You can use
 * the API to…” tells the reader what to do.
 */
export const subjectWords: Readonly<Record<string, readonly string[]>> = {
  en: ['the', 'this', 'that', 'these', 'those', 'it', 'its', 'each', 'every', 'your', 'our', 'their', 'they', 'a', 'an', 'one', 'all'],
  es: ['el', 'la', 'los', 'las', 'este', 'esta', 'cada', 'su', 'sus', 'usted', 'un', 'una'],
  fr: ['le', 'la', 'les', 'ce', 'cette', 'ces', 'chaque', 'votre', 'vos', 'vous', 'un', 'une', 'il', 'elle'],
  de: ['der', 'die', 'das', 'dieser', 'diese', 'dieses', 'jeder', 'jede', 'jedes', 'ihr', 'ihre', 'ein', 'eine', 'es'],
  pt: ['o', 'a', 'os', 'as', 'este', 'esta', 'cada', 'seu', 'sua', 'você', 'um', 'uma']
}

/**
 * Auxiliaries after a sentence's subject that make it a statement: “Users can save…”, “The CLI is…”.
 * `reader`: subjects that make it a statement to the reader, which asks them to act (“You can use the
 * API to…”); `thirdPerson`: how a verb after a subject ends (“Stagehand lets…”).
 */
export const auxiliaries: Readonly<Record<string, {words: readonly string[]; reader: readonly string[]; thirdPerson: RegExp}>> = {
  en: {
    words: ['can', 'will', 'would', 'should', 'must', 'may', 'might', 'could', 'is', 'are', 'was', 'were', 'has', 'have', 'does'],
    reader: ['you', 'we'],
    // `lists`, `provides`, `appears`: a lower-case verb of the third person (not `access`, `status`).
    thirdPerson: /^\p{Ll}{2,}[^su]s$/u
  }
}
