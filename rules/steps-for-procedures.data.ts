// Word lists of steps-for-procedures: what the sentence before a list, a heading or an item says about the list. The verbs of instructions are in `shared/instructions.data.ts`.

/** The word for "step" before a number in `Step 1` headings and paragraphs, in each language the rule reads. */
export const stepWords: readonly string[] = ['step', '步骤', 'ステップ', '단계', 'paso', 'étape', 'schritt', 'passo']

/** Number words after `Step` in headings and paragraphs such as `Step one: …`. */
export const numberWords: readonly string[] = [
  'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'
]

/**
 * How a sentence that introduces examples ends: a list after "… such as:" shows what something can
 * do ("1. Send an in-app message. 2. Wait 24 hours."), it is not a procedure for the reader.
 */
export const exampleLeadIns: readonly string[] = ['such as', 'for example', 'for instance', 'like', 'including']

/**
 * How a sentence before a list says that what follows happens without the reader: "The script
 * will:", "The installer does the following:", `一个工作流可能包含以下步骤：`. `ending`: phrases the
 * sentence ends with, before its colon; `containing`: phrases anywhere in its last sentence (languages
 * that put the object or the verb after them); `reader`: phrases that make it about the reader after
 * all ("you will", `你会`), since those ask something of them.
 */
export const describingLeadIns: Readonly<Record<string, {ending: readonly string[]; containing: readonly string[]; reader: readonly string[]}>> = {
  en: {ending: ['will', 'will automatically', 'does the following', 'performs the following', 'automatically', 'might', 'may', 'can', 'could', 'would'], containing: [], reader: ["you'll", 'you will', 'you might', 'you may', 'you can', 'you could']},
  es: {ending: ['automáticamente'], containing: ['hará lo siguiente', 'hace lo siguiente', 'realiza lo siguiente', 'puede incluir', 'pueden incluir'], reader: []},
  fr: {ending: ['automatiquement'], containing: ['fera ce qui suit', 'fait ce qui suit', 'effectue les opérations suivantes', 'peut inclure', 'peuvent inclure', 'peut comprendre'], reader: []},
  de: {ending: ['automatisch'], containing: ['führt folgende', 'führt die folgenden', 'kann folgende', 'kann die folgenden', 'können folgende'], reader: []},
  pt: {ending: ['automaticamente'], containing: ['fará o seguinte', 'faz o seguinte', 'realiza o seguinte', 'pode incluir', 'podem incluir'], reader: []},
  zh: {
    ending: ['会', '将', '将会', '会自动', '将自动'],
    containing: ['可能包含', '可能包括', '通常包含', '通常包括', '会自动', '将自动', '会执行以下', '将执行以下', '会依次', '将依次'],
    reader: ['你会', '您会', '你将', '您将', '你可能', '您可能']
  },
  ja: {ending: [], containing: ['の処理を行います', 'の処理が行われます', '自動的に', '含む場合があります', '含まれる場合があります', '含まれることがあります'], reader: []},
  ko: {ending: [], containing: ['자동으로', '포함할 수 있습니다', '포함될 수 있습니다', '작업을 수행합니다', '다음을 수행합니다'], reader: []}
}

/**
 * Words of an item that says what a tool does by itself (“AgentOps will automatically instrument
 * your code”, `系统会自动保存`): with such an item, a list of three or fewer is a note on what happens
 * when the reader uses the tool, not a procedure.
 */
export const toolActions: Readonly<Record<string, readonly string[]>> = {
  en: ['will', 'automatically'],
  es: ['automáticamente'],
  fr: ['automatiquement'],
  de: ['automatisch'],
  pt: ['automaticamente'],
  zh: ['会自动', '将自动', '自动'],
  ja: ['自動的に', '自動で'],
  ko: ['자동으로']
}

/** Phrases of a sentence before a list that offers a choice: "Choose one of the following:". */
export const alternativeLeadIns: readonly string[] = [
  'choose between', 'choose from', 'choose one of', 'select one of', 'one of the following', 'one of these',
  'either', 'alternatively', 'ways to', 'two ways', 'three ways', 'several ways', 'multiple ways'
]

/**
 * How a sentence before a list of choices ends when it is not itself an instruction: "You have two
 * options:", "There are several ways:". ("Configure these options:" asks the reader to act.)
 */
export const alternativeEndings: readonly string[] = [
  'options', 'options available', 'alternatives', 'choices', 'ways', 'approaches', 'methods', 'possibilities'
]

/** Heading words of one alternative among several: `### Option 2: Replace the node`. */
export const alternativeHeadings: readonly string[] = ['alternative', 'approach', 'method', 'option', 'solution', 'way']

/**
 * How the title of a component holding sample text starts: a list inside
 * `<Accordion title="Example: setup steps">` shows what a reader might write, it is not for them to do.
 */
export const exampleTitles: readonly string[] = [
  'example', 'sample', 'ejemplo', 'exemple', 'beispiel', 'exemplo', '例', '示例', '范例', '样例', '예시', '예제'
]
