import type { Rng } from "./prng.ts";
import type { Culture } from "./places.ts";
import type { Locale } from "./record.ts";

/**
 * Name pools per naming tradition. Entries written "Roman:Native" carry the native-script form,
 * used in the texts of the locales listed in `nativeIn` (a Korean expert is "Kim Min-jun" in
 * English and "김민준" in the Korean bio).
 */
interface NamePool {
  female: string[];
  male: string[];
  family: string[];
  /** Family name first (East Asian order) in the romanised display name. */
  familyFirst?: boolean;
  nativeIn?: Locale[];
}

const ANGLO_FAMILY = [
  "Smith",
  "Johnson",
  "Williams",
  "Brown",
  "Taylor",
  "Anderson",
  "Thompson",
  "Walker",
  "Harris",
  "Clarke",
  "Robinson",
  "Wright",
  "Mitchell",
  "Campbell",
  "Turner",
  "Parker",
  "Collins",
  "Bennett",
  "Hughes",
  "Foster",
  "Reid",
  "Morgan",
  "Bailey",
  "Hayes",
  "Cooper",
  "Ward",
  "Price",
  "Fletcher",
  "Sullivan",
  "Graham",
];

const HISPANIC_FAMILY = [
  "García",
  "Martínez",
  "Rodríguez",
  "López",
  "Hernández",
  "González",
  "Pérez",
  "Sánchez",
  "Ramírez",
  "Torres",
  "Flores",
  "Morales",
  "Ortiz",
  "Castillo",
  "Romero",
  "Navarro",
  "Ruiz",
  "Jiménez",
  "Vargas",
  "Domínguez",
];

const FRENCH_FEMALE = [
  "Camille",
  "Léa",
  "Chloé",
  "Manon",
  "Sophie",
  "Claire",
  "Élodie",
  "Julie",
  "Marion",
  "Inès",
  "Aurélie",
];
const FRENCH_MALE = [
  "Julien",
  "Thomas",
  "Nicolas",
  "Antoine",
  "Mathieu",
  "Guillaume",
  "Pierre",
  "Maxime",
  "Hugo",
  "Louis",
  "Étienne",
];

export const NAME_POOLS: Record<Culture, NamePool> = {
  anglo: {
    female: [
      "Emily",
      "Sarah",
      "Jessica",
      "Laura",
      "Rachel",
      "Hannah",
      "Olivia",
      "Charlotte",
      "Megan",
      "Claire",
      "Amanda",
      "Katherine",
      "Rebecca",
      "Sophie",
      "Grace",
      "Natalie",
      "Lucy",
      "Emma",
    ],
    male: [
      "James",
      "Michael",
      "David",
      "Daniel",
      "Thomas",
      "Andrew",
      "Matthew",
      "Christopher",
      "Ryan",
      "Benjamin",
      "Samuel",
      "Oliver",
      "William",
      "Jack",
      "Nathan",
      "Ethan",
    ],
    family: ANGLO_FAMILY,
  },
  irish: {
    female: ["Aoife", "Siobhán", "Niamh", "Ciara", "Orla", "Sinéad"],
    male: ["Cian", "Seán", "Darragh", "Eoin", "Conor", "Ronan"],
    family: ["Murphy", "O'Brien", "Kelly", "Byrne", "Walsh", "Ryan", "O'Connor", "Doyle", "Gallagher", "Kennedy"],
  },
  hispanic: {
    female: ["María", "Ana", "Lucía", "Sofía", "Valentina", "Gabriela", "Daniela", "Carmen", "Isabel", "Fernanda"],
    male: ["José", "Carlos", "Luis", "Alejandro", "Javier", "Diego", "Miguel", "Andrés", "Pablo", "Sergio"],
    family: HISPANIC_FAMILY,
  },
  german: {
    female: ["Anna", "Katharina", "Julia", "Lena", "Sabine", "Stefanie", "Miriam", "Franziska", "Johanna", "Claudia"],
    male: [
      "Lukas",
      "Jonas",
      "Felix",
      "Tobias",
      "Stefan",
      "Markus",
      "Florian",
      "Matthias",
      "Jan",
      "Christian",
      "Sebastian",
    ],
    family: [
      "Müller",
      "Schmidt",
      "Schneider",
      "Fischer",
      "Weber",
      "Meyer",
      "Wagner",
      "Becker",
      "Schulz",
      "Hoffmann",
      "Koch",
      "Richter",
      "Wolf",
      "Neumann",
      "Schwarz",
      "Zimmermann",
      "Braun",
      "Krüger",
      "Hartmann",
      "Lange",
    ],
  },
  french: {
    female: FRENCH_FEMALE,
    male: FRENCH_MALE,
    family: [
      "Martin",
      "Bernard",
      "Dubois",
      "Robert",
      "Richard",
      "Petit",
      "Durand",
      "Leroy",
      "Moreau",
      "Simon",
      "Laurent",
      "Lefebvre",
      "Garnier",
      "Fournier",
      "Girard",
      "Bonnet",
      "Dupont",
      "Lambert",
      "Fontaine",
      "Rousseau",
    ],
  },
  quebec: {
    female: FRENCH_FEMALE,
    male: FRENCH_MALE,
    family: ["Tremblay", "Gagnon", "Roy", "Côté", "Bouchard", "Gauthier", "Morin", "Lavoie", "Fortin", "Pelletier"],
  },
  japanese: {
    female: [
      "Yui:結衣",
      "Haruka:遥",
      "Aoi:葵",
      "Misaki:美咲",
      "Yuko:裕子",
      "Emi:恵美",
      "Naoko:直子",
      "Mai:麻衣",
      "Akiko:明子",
      "Rina:里奈",
    ],
    male: [
      "Haruto:陽翔",
      "Ren:蓮",
      "Sota:颯太",
      "Takumi:拓海",
      "Kenji:健二",
      "Hiroshi:浩",
      "Daisuke:大輔",
      "Kazuki:和樹",
      "Shota:翔太",
      "Ryo:亮",
    ],
    family: [
      "Sato:佐藤",
      "Suzuki:鈴木",
      "Takahashi:高橋",
      "Tanaka:田中",
      "Watanabe:渡辺",
      "Ito:伊藤",
      "Yamamoto:山本",
      "Nakamura:中村",
      "Kobayashi:小林",
      "Kato:加藤",
      "Yoshida:吉田",
      "Yamada:山田",
      "Matsumoto:松本",
      "Inoue:井上",
      "Kimura:木村",
      "Hayashi:林",
      "Shimizu:清水",
      "Mori:森",
    ],
    nativeIn: ["ja", "zh"],
  },
  korean: {
    female: [
      "Ji-woo:지우",
      "Seo-yeon:서연",
      "Min-ji:민지",
      "Su-bin:수빈",
      "Ha-eun:하은",
      "Ye-jin:예진",
      "Eun-ji:은지",
      "Da-hye:다혜",
      "Yu-na:유나",
      "Hye-jin:혜진",
    ],
    male: [
      "Min-jun:민준",
      "Seo-jun:서준",
      "Ji-hoon:지훈",
      "Hyun-woo:현우",
      "Jun-ho:준호",
      "Dong-hyun:동현",
      "Sung-min:성민",
      "Jae-won:재원",
      "Tae-yang:태양",
      "Woo-jin:우진",
    ],
    family: [
      "Kim:김",
      "Kim:김",
      "Kim:김",
      "Lee:이",
      "Lee:이",
      "Park:박",
      "Park:박",
      "Choi:최",
      "Jung:정",
      "Kang:강",
      "Cho:조",
      "Yoon:윤",
      "Jang:장",
      "Lim:임",
      "Han:한",
      "Shin:신",
      "Seo:서",
      "Kwon:권",
      "Oh:오",
    ],
    familyFirst: true,
    nativeIn: ["ko"],
  },
  chinese: {
    female: [
      "Fang:芳",
      "Jing:静",
      "Min:敏",
      "Xiaoyu:晓雨",
      "Lina:丽娜",
      "Xinyi:欣怡",
      "Yue:悦",
      "Mengyao:梦瑶",
      "Shuang:爽",
      "Ying:颖",
    ],
    male: [
      "Wei:伟",
      "Hao:浩",
      "Jie:杰",
      "Lei:磊",
      "Tao:涛",
      "Zhiqiang:志强",
      "Haoran:浩然",
      "Yuxuan:宇轩",
      "Bo:博",
      "Kai:凯",
    ],
    family: [
      "Wang:王",
      "Li:李",
      "Zhang:张",
      "Liu:刘",
      "Chen:陈",
      "Yang:杨",
      "Zhao:赵",
      "Huang:黄",
      "Zhou:周",
      "Wu:吴",
      "Xu:徐",
      "Sun:孙",
      "Ma:马",
      "Zhu:朱",
      "Hu:胡",
      "Guo:郭",
      "Lin:林",
    ],
    familyFirst: true,
    nativeIn: ["zh", "ja"],
  },
  taiwanese: {
    female: ["Yi-ting:怡婷", "Ya-ting:雅婷", "Shu-fen:淑芬", "Hsin-yi:欣怡", "Pei-shan:佩珊", "Mei-ling:美玲"],
    male: ["Chia-hao:家豪", "Chih-wei:志偉", "Cheng-en:承恩", "Yu-hsiang:宇翔", "Kuan-yu:冠宇", "Tsung-han:宗翰"],
    family: [
      "Chen:陳",
      "Lin:林",
      "Huang:黃",
      "Chang:張",
      "Lee:李",
      "Wang:王",
      "Wu:吳",
      "Liu:劉",
      "Tsai:蔡",
      "Yang:楊",
      "Hsu:許",
      "Cheng:鄭",
    ],
    familyFirst: true,
    nativeIn: ["zh", "ja"],
  },
  singaporean: {
    female: ["Wei Ling", "Hui Min", "Jia Hui", "Xin Yi", "Shu Fen", "Li Ting"],
    male: ["Jun Jie", "Wei Jie", "Kai Xiang", "Zhi Hao", "Jia Wei", "Ming Hao"],
    family: ["Tan", "Lim", "Lee", "Ng", "Goh", "Chua", "Ong", "Wong", "Teo", "Koh"],
    familyFirst: true,
  },
  indian: {
    female: ["Priya", "Ananya", "Kavya", "Divya", "Neha", "Meera", "Shreya", "Pooja", "Lakshmi", "Aditi"],
    male: ["Arjun", "Rahul", "Vikram", "Rohan", "Aditya", "Karthik", "Sanjay", "Nikhil", "Amit", "Siddharth"],
    family: [
      "Sharma",
      "Patel",
      "Iyer",
      "Reddy",
      "Nair",
      "Gupta",
      "Mehta",
      "Rao",
      "Krishnan",
      "Menon",
      "Desai",
      "Singh",
      "Kapoor",
      "Joshi",
      "Banerjee",
    ],
  },
  brazilian: {
    female: ["Ana", "Beatriz", "Juliana", "Fernanda", "Camila", "Larissa", "Mariana", "Letícia", "Patrícia", "Renata"],
    male: ["João", "Pedro", "Lucas", "Gabriel", "Rafael", "Bruno", "Thiago", "Felipe", "Rodrigo", "Gustavo"],
    family: [
      "Silva",
      "Santos",
      "Oliveira",
      "Souza",
      "Lima",
      "Pereira",
      "Costa",
      "Ferreira",
      "Almeida",
      "Carvalho",
      "Ribeiro",
      "Rocha",
      "Barbosa",
      "Moura",
    ],
  },
  dutch: {
    female: ["Sanne", "Femke", "Lotte", "Anouk", "Eva", "Iris", "Marloes", "Fleur"],
    male: ["Daan", "Bram", "Sander", "Joris", "Thijs", "Pieter", "Ruben", "Maarten"],
    family: [
      "de Jong",
      "Jansen",
      "de Vries",
      "van den Berg",
      "van Dijk",
      "Bakker",
      "Visser",
      "Smit",
      "Meijer",
      "de Boer",
      "Mulder",
      "Bos",
      "Vos",
      "Hendriks",
    ],
  },
  arabic: {
    female: ["Fatima", "Mariam", "Noura", "Aisha", "Layla", "Huda", "Salma"],
    male: ["Omar", "Ahmed", "Khalid", "Youssef", "Hamad", "Rashid", "Karim", "Tariq"],
    family: ["Al Mansoori", "Al Hashimi", "Haddad", "Khoury", "Nasser", "Saleh", "Al Suwaidi", "Farouk", "Mansour"],
  },
};

/** The language a naming tradition usually brings along, beyond the local one. */
export const HERITAGE_LANGUAGE: Partial<Record<Culture, string>> = {
  hispanic: "es",
  indian: "hi",
  chinese: "zh-Hans",
  irish: "ga",
  quebec: "fr-CA",
  arabic: "ar",
};

export type Gender = "f" | "m";

export interface Person {
  /** Romanised full name, as shown in English. */
  name: string;
  gender: Gender;
  culture: Culture;
  /** The name in native script for some display locales. */
  native: Partial<Record<Locale, string>>;
}

function split(entry: string): [roman: string, native: string | undefined] {
  const [roman, native] = entry.split(":");
  return [roman, native];
}

/** Composes a person from a tradition's pools; the caller retries on a duplicate name. */
export function drawPerson(rng: Rng, culture: Culture): Person {
  const pool = NAME_POOLS[culture];
  const gender: Gender = rng.chance(0.5) ? "f" : "m";
  const [given, givenNative] = split(rng.pick(gender === "f" ? pool.female : pool.male));
  const [family, familyNative] = split(rng.pick(pool.family));
  const name = pool.familyFirst ? `${family} ${given}` : `${given} ${family}`;
  const native: Partial<Record<Locale, string>> = {};
  if (givenNative && familyNative)
    for (const locale of pool.nativeIn ?? []) native[locale] = familyNative + givenNative;
  return { name, gender, culture, native };
}

/** A fixed person for the named search targets. */
export function fixedPerson(
  name: string,
  gender: Gender,
  culture: Culture,
  native: Partial<Record<Locale, string>> = {},
): Person {
  return { name, gender, culture, native };
}
