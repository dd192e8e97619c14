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
 * Phrases of a sentence before a list that outlines the page: "In this example you will:", "You'll
 * learn how to:". The list is the page's table of contents; its sections are the steps.
 */
export const outlineLeadIns: Readonly<Record<string, readonly string[]>> = {
  en: [
    'in this example', 'in this article', 'in this tutorial', 'in this guide', 'in this lesson',
    'you will learn', "you'll learn", 'you’ll learn', 'this guide covers', 'this tutorial covers', 'walk you through',
    // "Installation is divided into the following steps:", each a section of the page.
    'breaks down into', 'divided into'
  ],
  es: ['en este ejemplo', 'en este artículo', 'en este tutorial', 'en esta guía', 'aprenderás', 'aprenderá'],
  fr: ['dans cet exemple', 'dans cet article', 'dans ce tutoriel', 'dans ce guide', 'vous apprendrez', 'vous allez apprendre'],
  de: ['in diesem beispiel', 'in diesem artikel', 'in diesem tutorial', 'in dieser anleitung', 'lernen sie', 'erfahren sie'],
  pt: ['neste exemplo', 'neste artigo', 'neste tutorial', 'neste guia', 'você aprenderá', 'você vai aprender'],
  zh: ['分为以下', '主要分为', '大致分为', '在本示例中', '在本教程中', '在本指南中', '在本文中', '你将学到', '您将学到', '你将学习', '您将学习'],
  ja: ['に分かれます', 'に分かれています', 'この例では', 'このチュートリアルでは', 'このガイドでは', 'を学びます', '学習します'],
  ko: ['단계로 나뉩니다', '단계로 나누어', '이 예제에서는', '이 튜토리얼에서는', '이 가이드에서는', '배웁니다', '알아봅니다']
}

/**
 * How a sentence before a list says that what follows happens without the reader: "The script
 * will:", "The installer does the following:", `一个工作流可能包含以下步骤：`. `ending`: phrases the
 * sentence ends with, before its colon; `containing`: phrases anywhere in its last sentence (languages
 * that put the object or the verb after them); `reader`: phrases that make it about the reader after
 * all ("you will", `你会`), since those ask something of them.
 */
export const describingLeadIns: Readonly<Record<string, {ending: readonly string[]; containing: readonly string[]; reader: readonly string[]}>> = {
  en: {
    // "Your server needs to:", "The request must:": what something else has to do.
    ending: ['will', 'will automatically', 'does the following', 'performs the following', 'automatically', 'might', 'may', 'can', 'could', 'would', 'needs to', 'must', 'should'],
    // "Here's what happens:", "the process at a glance:", "Consider a pipeline that…:": an overview or a scenario.
    containing: [
      'what happens', 'at a glance', 'under the hood', 'behind the scenes', 'order of operations', 'high-level', 'conceptual', 'conceptually',
      'consider a', 'consider an', 'consider the following', 'imagine',
      // "A common pattern is:": how others do it, told as an example.
      'common pattern', 'typical pattern'
    ],
    reader: ["you'll", 'you will', 'you might', 'you may', 'you can', 'you could', 'you must', 'you should']
  },
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
/** Verbs of a product acting by itself, after its name: “Axiom AI generates a name”, “the CLI prints the URL”. */
export const systemVerbs: readonly string[] = [
  'adds', 'appears', 'appear', 'asks', 'builds', 'creates', 'deploys', 'detects', 'displays', 'downloads', 'fills', 'generates',
  'installs', 'loads', 'opens', 'populates', 'prints', 'prompts', 'redirects', 'returns', 'runs', 'saves', 'sends', 'shows',
  'starts', 'suggests', 'takes', 'updates'
]

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

/**
 * Phrases of a sentence before a list that offers a choice or things to try, each on its own:
 * "Choose one of the following:", `有三种方式可以打开遮罩编辑器：`, "You can try the following:". Not
 * "Alternatively": "Alternatively, follow these steps:" introduces a procedure, another one.
 */
export const alternativeLeadIns: Readonly<Record<string, readonly string[]>> = {
  en: [
    'choose between', 'choose from', 'choose one of', 'select one of', 'one of the following', 'one of these', 'any of the following',
    'either', 'ways to', 'two ways', 'three ways', 'several ways', 'multiple ways', 'two options', 'three options', 'several options',
    'multiple options', 'try the following', 'try these'
  ],
  es: ['formas de', 'maneras de', 'una de las siguientes', 'uno de los siguientes', 'cualquiera de'],
  fr: ['façons de', 'manières de', "l'une des", 'l’une des', "l'un des", 'l’un des', 'au choix', 'essayez les'],
  de: ['möglichkeiten', 'eine der folgenden', 'einen der folgenden', 'entweder'],
  pt: ['formas de', 'maneiras de', 'uma das seguintes', 'um dos seguintes'],
  zh: ['种方式', '种方法', '以下任一', '任选其一', '二选一', '尝试以下'],
  ja: ['つの方法', '方法があります', 'いずれか', '試してください', 'お試しください'],
  ko: ['가지 방법', '방법은', '중 하나', '시도해 보세요']
}

/**
 * How a sentence before a list of choices ends when it is not itself an instruction: "You have two
 * options:", "There are several ways:". ("Configure these options:" asks the reader to act.)
 */
export const alternativeEndings: readonly string[] = [
  'options', 'options available', 'alternatives', 'choices', 'ways', 'approaches', 'methods', 'possibilities',
  // "Solutions:", "Quick fixes:": things to try, each on its own.
  'solutions', 'fixes', 'workarounds', 'remedies'
]

/**
 * Section titles over things to try or to check, each on its own: `## Solutions`, `## Quick fixes`,
 * `### 解决方案`, `## Launch checklist`.
 */
/**
 * Titles of a troubleshooting page: the two steps under each of its errors (“Sign in”, “Run the
 * command again”) are the fix for that error, lighter as a list than as `<Steps>`.
 */
export const troubleshootingTitles: Readonly<Record<string, RegExp>> = {
  en: /\b(?:troubleshoot(?:ing)?|common (?:errors|issues|problems)|error (?:codes|reference))\b/i,
  es: /soluci[oó]n de problemas|errores comunes/i,
  fr: /d[ée]pannage|erreurs courantes/i,
  de: /fehlerbehebung|häufige fehler/i,
  pt: /solu[cç][aã]o de problemas|erros comuns/i,
  zh: /故障排除|故障排查|问题排查|常见错误/,
  ja: /トラブルシューティング|よくあるエラー/,
  ko: /문제 해결|오류 해결/
}

export const alternativeTitles: Readonly<Record<string, readonly RegExp[]>> = {
  en: [/^(?:[\w-]+ ){0,2}(?:solutions|fixes|workarounds|remedies|alternatives|checklist)$/i],
  es: [/^(?:posibles )?soluciones$/i, /^lista de (?:verificación|comprobación)\b/i],
  fr: [/^solutions(?: possibles)?$/i, /^liste de (?:vérification|contrôle)\b/i],
  de: [/^(?:mögliche )?lösungen$/i, /^lösungsansätze$/i, /checkliste$/i],
  pt: [/^(?:possíveis )?soluções$/i, /^lista de verificação\b/i],
  zh: [/^(?:可能的)?(?:解决方案|解决方法|解决办法)$/, /^快速修复$/, /(?:检查清单|清单)$/],
  ja: [/^(?:解決策|解決方法|対処法|対策)$/, /チェックリスト$/],
  ko: [/^(?:해결 방법|해결책|해결 방안)$/, /체크리스트$/]
}

/**
 * Section headings over a description of what a system does, not of what the reader does: a list
 * under "How it works" or "Under the hood" tells how the product runs a process, one under "What are
 * background tasks?" explains a concept, one under "Summary" sums up the steps the page walked through
 * and one under "Overview" outlines the sections that do them.
 */
export const describingHeadings: Readonly<Record<string, readonly RegExp[]>> = {
  en: [
    /^how (?:[\w-]+ ){1,4}works?\b/i, /\bunder the hood\b/i, /\bbehind the scenes\b/i, /\bat a glance\b/i, /^what happens\b/i, /^what (?:is|are)\b/i,
    /\b(?:summary|recap)$/i, /^overview$/i
  ],
  es: [/^cómo funciona/i, /^funcionamiento\b/i, /^¿?qué (?:es|son)\b/i, /^(?:descripción general|resumen)$/i],
  fr: [/^comment (?:ça|cela) (?:marche|fonctionne)/i, /^fonctionnement\b/i, /^qu['’]est-ce que?\b/i, /^(?:aperçu|vue d['’]ensemble)$/i],
  de: [/^wie (?:es|das) funktioniert/i, /^so funktioniert/i, /^funktionsweise\b/i, /^was (?:ist|sind)\b/i, /^(?:überblick|übersicht)$/i],
  pt: [/^como funciona/i, /^funcionamento\b/i, /^o que (?:é|são)\b/i, /^visão geral$/i],
  zh: [/工作原理|运行原理|实现原理|运作方式|幕后/, /^什么是/, /^(?:总结|小结)$/, /^(?:概述|概览|总览)$/],
  ja: [/仕組み|しくみ|動作原理|内部動作/, /とは[？?]?$/, /^まとめ$/, /^(?:概要|概観)$/],
  ko: [/작동 방식|작동 원리|동작 원리/, /(?:이란|란 무엇인가요)[？?]?$/, /^개요$/]
}

/**
 * Section headings over prerequisites: a numbered list there names what the reader needs ("A paid
 * plan", "Ensure your user has the permission"); it is a procedure only when every item is an action.
 */
export const prerequisiteHeadings: Readonly<Record<string, readonly RegExp[]>> = {
  en: [/^(?:prerequisites?|requirements|before you (?:begin|start)|what you(?:'|’)?ll need|what you need)\b/i],
  es: [/^(?:requisitos(?: previos)?|antes de empezar|antes de comenzar)\b/i],
  fr: [/^(?:prérequis|conditions préalables|avant de commencer)/i],
  de: [/^(?:voraussetzungen|anforderungen|bevor sie beginnen)\b/i],
  pt: [/^(?:pré-requisitos|requisitos|antes de começar)/i],
  zh: [/^(?:前提条件|先决条件|前置条件|准备工作|环境要求)/],
  ja: [/^(?:前提条件|必要なもの|事前準備|要件)/],
  ko: [/^(?:사전 요구 사항|사전 준비|요구 사항|전제 조건)/]
}

/** Heading words of one alternative among several: `### Option 2: Replace the node`. */
export const alternativeHeadings: readonly string[] = ['alternative', 'approach', 'method', 'option', 'solution', 'way']

/**
 * How the title of a component holding sample text starts: a list inside
 * `<Accordion title="Example: setup steps">` shows what a reader might write, it is not for them to do.
 */
export const exampleTitles: readonly string[] = [
  'example', 'sample', 'ejemplo', 'exemple', 'beispiel', 'exemplo', '例', '示例', '范例', '样例', '예시', '예제'
]

/** Verbs that open a piece of advice rather than a step (English): with checks, they make a checklist. */
export const adviceVerbs: readonly string[] = ['consider', 'prefer', 'avoid']
