// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "carereport",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "carereport", targets: ["carereport"]),
        .library(name: "CareReports", targets: ["CareReports"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
    ],
    targets: [
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        .systemLibrary(
            name: "CLibArchive",
            pkgConfig: "libarchive",
            providers: [.apt(["libarchive-dev"])]
        ),
        .systemLibrary(
            name: "CQREncode",
            pkgConfig: "libqrencode",
            providers: [.apt(["libqrencode-dev"])]
        ),
        .target(name: "CFileSwap"),
        .target(
            name: "CareReports",
            dependencies: [
                "CCmarkGFM",
                "CFileSwap",
                "CLibArchive",
                "CLibXML2",
                "CQREncode",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            exclude: ["Rendering/Charts/CHART-CLASSES.md"]
        ),
        .target(name: "Templates"),
        .executableTarget(
            name: "carereport",
            dependencies: [
                "CareReports",
                "Templates",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "carereport-fuzz",
            dependencies: ["CareReports"]
        ),
        .executableTarget(
            name: "carereport-bench",
            dependencies: ["CareReports"]
        ),
        .testTarget(
            name: "CareReportsTests",
            dependencies: [
                "CareReports",
                "CCmarkGFM",
                "CLibXML2",
                "Templates",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            exclude: ["Fixtures", "Charts/Snapshots", "Rendering/Snapshots"]
        ),
    ]
)
