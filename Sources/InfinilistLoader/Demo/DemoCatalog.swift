/// The words the demo feed is made of. Chosen to exercise the screen the way real feeds do:
/// accents, right-to-left scripts, combining marks (Thai, Hindi), double-width CJK, emoji with
/// skin tones, ZWJ sequences and flags, and titles far wider than any terminal.
enum DemoCatalog {
    static let titles: [String] = [
        // English
        "Show HN: A terminal pager for endless JSON lists",
        "Why SQLite is the only database most apps will ever need",
        "The unreasonable effectiveness of plain text",
        "Ask HN: How do you keep a reading list you actually read?",
        "Rust vs Swift for command-line tools, a year later",
        "A visual guide to consistent hashing",
        "Debugging a 40-millisecond stall in production",
        "What I learned maintaining an open-source parser for ten years",
        // French
        "Pourquoi les développeurs préfèrent le terminal à l'écran tactile",
        "Les élèves de l'école d'été découvrent la cryptographie",
        "Où est passé le café ? Enquête à Montréal",
        // German
        "Straßenbrücken im Härtetest: Übergrößen prüfen",
        "Warum die Bahn pünktlicher wird – und warum nicht",
        "Fünf Gründe für mehr Ruhe im Großraumbüro",
        // Russian
        "Как мы ускорили сборку в десять раз",
        "Почему ночные тесты падают по четвергам",
        // Greek
        "Η ιστορία του αλφαβήτου σε δέκα λέξεις",
        "Γιατί ο κώδικας χρειάζεται ξεκούραση",
        // Arabic
        "كيف تعلمت البرمجة في ثلاثة أشهر",
        "مقدمة إلى قواعد البيانات الموزعة",
        // Hebrew
        "איך לכתוב קוד שקל לקרוא",
        "מדריך למתחילים בלינוקס",
        // Japanese
        "東京の地下鉄で見つけた最適化アルゴリズム",
        "週末に作ったターミナル用リストビューア",
        "「もったいない」とキャッシュ設計",
        // Chinese
        "为什么我们把服务迁移回了单体架构",
        "一个程序员的十年：从实习生到架构师",
        // Korean
        "한글 폰트 렌더링의 숨은 비밀",
        "서울에서 열린 오픈소스 해커톤 후기",
        // Thai
        "วิธีเขียนโปรแกรมให้อ่านง่ายขึ้น",
        "ภาษาไทยกับการตัดคำในเทอร์มินัล",
        // Hindi
        "हिंदी में प्रोग्रामिंग सीखने के पाँच तरीके",
        "डेटाबेस इंडेक्स कैसे काम करते हैं",
        // Emoji: plain, skin tone, ZWJ families, flags, variation selectors
        "🚀 Launch day: we shipped v2.0!",
        "Family trip planner 👨‍👩‍👧‍👦 with offline maps",
        "World Cup watch party 🇫🇷🇩🇪🇯🇵🇧🇷🇰🇷",
        "Coffee ☕ + code 💻 = ❤️",
        "🏳️‍🌈 Pride month reading list",
        "Thumbs up 👍🏽 for accessible design",
        "👩‍💻 Pairing with a rubber duck 🦆 for a week",
        // Long
        "An extremely long title that goes on and on, to see how rows are clipped by display width: the story of a migration that took three years, two rewrites, one new database and countless cups of coffee before it finally shipped on a Friday afternoon",
        "混合テキスト mixed with English, 한국어, Ελληνικά and العربية in one very long headline that will certainly not fit on a narrow terminal 🚀🚀🚀 and keeps going to the end",
    ]

    static let authors: [String] = [
        "alice", "bob_builder", "Zoë Østergaard", "José Núñez", "jürgen.müller", "Дмитрий",
        "Νίκος", "محمد", "שירה", "山田太郎", "李雷", "김민준", "สมชาย", "प्रिया", "dev-null", "grace.hopper",
    ]

    static let topics: [String] = [
        "databases", "terminals", "unicode", "networking", "design", "compilers", "travel", "coffee",
    ]
}
