/**
 * Acronyms a technical reader knows without their meaning, which a page may use without spelling
 * them out: web and network protocols, file formats, hardware, the parts of a development workflow,
 * units and time zones, the everyday abbreviations of English, and the capitalised keywords of HTTP,
 * SQL and log levels. A team adds its own with the rule's `known` option.
 */
export const commonAcronyms: readonly string[] = [
  // Web, networks and security.
  'API', 'URL', 'URI', 'URN', 'HTTP', 'HTTPS', 'HTML', 'XHTML', 'CSS', 'SCSS', 'DOM', 'REST', 'RPC', 'SOAP', 'AJAX', 'CORS',
  'CSRF', 'XSS', 'SMTP', 'IMAP', 'POP', 'FTP', 'SFTP', 'SSH', 'SSL', 'TLS', 'MTLS', 'TCP', 'UDP', 'DNS', 'CDN', 'VPN', 'LAN',
  'WAN', 'ISP', 'NAT', 'CNAME', 'MAC', 'JWT', 'SSO', 'MFA', 'OTP', 'PIN', 'CAPTCHA', 'AES', 'RSA', 'SHA', 'HMAC', 'PEM',
  'PKI', 'ACL', 'RBAC', 'GDPR', 'HIPAA', 'SOC', 'PII', 'ISO', 'NIST', 'IETF', 'RFC', 'WWW', 'SEO', 'SPA', 'PWA', 'RSS',
  'SMS', 'MMS', 'GPS', 'WIFI', 'IOT', 'SSE', 'WSS',
  // File formats and encodings.
  'JSON', 'JSONL', 'XML', 'YAML', 'TOML', 'CSV', 'TSV', 'PDF', 'PNG', 'JPG', 'JPEG', 'GIF', 'SVG', 'WEBP', 'MP3', 'MP4',
  'WAV', 'ZIP', 'ASCII', 'ANSI', 'UTF', 'UUID', 'GUID', 'MIME', 'BLOB',
  // Hardware, systems and programming.
  'CPU', 'CPUS', 'GPU', 'GPUS', 'TPU', 'RAM', 'ROM', 'SSD', 'HDD', 'USB', 'IDE', 'CLI', 'GUI', 'SDK', 'JDK', 'JVM', 'JRE',
  'NPM', 'PHP', 'SQL', 'ORM', 'MVC', 'CRUD', 'JSX', 'TSX', 'WASM', 'EOF', 'FIFO', 'LIFO', 'PID', 'POSIX', 'GNU', 'UNIX',
  'LTS', 'EOL', 'TTL', 'VM', 'VMS', 'OOM', 'IO', 'DBMS', 'RDBMS', 'CMS', 'CRM', 'ERP', 'ETL', 'ELT', 'OLAP', 'OLTP',
  'BI', 'KPI', 'ROI', 'SLA', 'SLO', 'SLAS', 'SLOS', 'SAAS', 'PAAS', 'IAAS', 'MSP', 'QA', 'UAT', 'CICD', 'README', 'FAQ',
  'FAQS', 'TODO', 'MIT', 'BSD', 'GPL', 'APACHE', 'WYSIWYG', 'NDA', 'GA',
  // Clouds and companies written in capitals.
  'AWS', 'GCP', 'IBM', 'IAM', 'EC2', 'EKS', 'ECS', 'ECR', 'GKE', 'AKS', 'ARN', 'ARNS', 'NVIDIA', 'AMD', 'HP', 'SAP',
  // Machine learning, speech and media.
  'LLM', 'LLMS', 'NLP', 'GPT', 'OCR', 'TTS', 'STT', 'ASR', 'VAD', 'RAG', 'SIP', 'VOIP', 'PSTN', 'IVR', 'HLS', 'RTMP',
  'RTC', 'HD', 'FPS', 'HDR',
  // Units, rates, currencies and time.
  'KB', 'MB', 'GB', 'TB', 'PB', 'KIB', 'MIB', 'GIB', 'TIB', 'RPS', 'QPS', 'TPS', 'RPM', 'TPM', 'MS', 'UTC', 'GMT', 'PST',
  'PDT', 'EST', 'EDT', 'CST', 'CET', 'CEST', 'IST', 'USD', 'EUR', 'GBP', 'JPY', 'INR',
  // Everyday English abbreviations, places and roles.
  'ASAP', 'ETA', 'FYI', 'AKA', 'TBD', 'TLDR', 'DIY', 'OK', 'USA', 'UK', 'EU', 'EEA', 'UN', 'CEO', 'CTO', 'CFO', 'COO', 'VP',
  'HR', 'PR', 'PRS', 'IT', 'PC', 'TV', 'AM', 'PM', 'BC', 'AD', 'NB', 'PS',
  // Keys of a keyboard.
  'ESC', 'CTRL', 'ALT', 'CMD', 'DEL', 'FN', 'PGUP', 'PGDN',
  // HTTP methods, SQL keywords and log levels, which prose writes in capitals.
  'GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE', 'CONNECT', 'SELECT', 'INSERT', 'UPDATE', 'UPSERT',
  'JOIN', 'WHERE', 'FROM', 'GROUP', 'ORDER', 'LIMIT', 'NULL', 'TRUE', 'FALSE', 'AND', 'OR', 'NOT', 'DEBUG', 'INFO', 'WARN',
  'WARNING', 'ERROR', 'FATAL', 'CRITICAL'
]

/**
 * Components whose text is given a meaning by an attribute (`<Tooltip tip="OpenTelemetry Protocol">OTLP</Tooltip>`,
 * HTML's `<abbr title>`): an acronym inside one is defined where it stands.
 */
export const definingComponents: ReadonlySet<string> = new Set(['Tooltip', 'abbr'])

/** Words after an acronym that say what it is (“OTLP is a protocol”, “RTVI stands for”). */
export const definingWords = /^\s*(?:,\s*)?(?:\(|stands\s+for\b|is\s+short\s+for\b|short\s+for\b|means\b|refers\s+to\b|is\s+an?\b|is\s+the\b|are\s+the\b|,\s*(?:or|i\.e\.|the|an?)\b)/iu

/** Words an expansion may leave out of its initials (“Bring Your Own Cloud”, “Role-Based Access Control”). */
export const minorWords: ReadonlySet<string> = new Set(['of', 'and', 'for', 'the', 'to', 'in', 'on', 'as', 'a', 'an', 'by', 'with', '&'])
